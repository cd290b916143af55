// /api/v1 documents (issue 34 §3): the agency's stored documents — their metadata, paged by cursor in
// (updated_at, id) order with updated_since like the other lists, and their bytes. The download is
// checked with the key each time (documents: read, the agency as it is now); on S3 it answers a 302 to
// a presigned GET minted after that check, valid 30 seconds, so the bytes never pass through here.
// Each download is in the activity log (the documents feature's own link, as in the app).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT, DOCUMENT_TYPES, REDIRECT_TTL_SECONDS } from '#shared/documents.ts';
import type { AppEnv } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { idParam, validate } from '#server/http.ts';
import { contentDisposition } from '#server/storage.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { uploadDocument } from '#server/platform/document-upload.ts';
import { apiDocumentSelect, toApiDocument } from '#server/platform/document-rows.ts';
import { createDocumentLink, findLinkedDocument, memberUploader } from '#server/entities/documents.ts';
import { requireScope } from '../authenticate.ts';
import { uploadOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, ok, operationBase, pageOf, READ_ERRORS, text, timestampOut } from './kit.ts';
import { cursorAt, pageConditions, pagingSchema, toPage } from './lists.ts';
import { documentedQuery } from './schemas.ts';

export const documentApiQuerySchema = pagingSchema.extend({
  customer_id: z.uuid(API_TEXT.customerIdInvalid).optional().describe("Only this customer's documents."),
  policy_id: z.uuid('policy_id must be a policy id.').optional().describe("Only this policy's documents."),
});

export const documentOut = z.object({
  id: z.uuid(),
  name: text(),
  content_type: text().describe('Decided from the bytes when it was uploaded'),
  size: z.number().int().describe('Bytes'),
  customer_id: z.uuid().nullable(),
  customer_name: text().nullable(),
  policy_id: z.uuid().nullable(),
  policy_number: text().nullable(),
  uploaded_by: text().nullable(),
  shared_with_client: z.boolean().describe('Shown to the customer in the client portal'),
  from_client: z.boolean().describe('Uploaded by the customer in the client portal'),
  created_at: timestampOut(),
  updated_at: timestampOut(),
});

const read = operationBase('Documents', 'read');
const write = operationBase('Documents', 'write');
const formatStorageMb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const uploadForm = z.object({
  file: text().meta({ format: 'binary', description: `One file, at most ${formatStorageMb(DOCUMENT_MAX_BYTES)}: PDF, JPEG, PNG, GIF, HEIC, .docx or .xlsx, decided from its bytes (${DOCUMENT_TYPES.length} types; the name and declared type are not trusted).` }),
  customer_id: z.uuid().optional().describe("The customer's id (this agency's)."),
  policy_id: z.uuid().optional().describe("The policy's id (this agency's); its customer comes along. One of customer_id and policy_id is required."),
});
const ROUTES = {
  upload: createRoute({
    ...write.base,
    operationId: 'uploadDocument',
    method: 'post',
    path: '/documents',
    summary: 'Upload a document',
    description:
      'A multipart/form-data upload of one file into a customer or a policy, checked as the Documents card checks it: the type from the bytes, ' +
      `the size, and the agency's storage quota (413 QUOTA_EXCEEDED). An Idempotency-Key replays the first answer to a retry with the same fields and file. ${write.note}`,
    request: { headers: idempotencyHeader, body: { required: true, content: { 'multipart/form-data': { schema: uploadForm } } } },
    responses: { 201: ok('Stored', documentOut), ...errors([400, 401, 403, 404, 409, 413, 429]) },
  }),
  list: createRoute({
    ...read.base,
    operationId: 'listDocuments',
    method: 'get',
    path: '/documents',
    summary: 'List documents',
    description: `The documents not in the Trash, oldest change first, in pages; pass next_cursor as cursor until it is null. ${read.note}`,
    request: { query: documentedQuery(documentApiQuerySchema) },
    responses: { 200: ok('A page of documents', pageOf(documentOut)), ...errors([400, 401, 403, 429]) },
  }),
  get: createRoute({
    ...read.base,
    operationId: 'getDocument',
    method: 'get',
    path: '/documents/{id}',
    summary: "A document's metadata",
    description: read.note,
    request: { params: idPath },
    responses: { 200: ok('Found', documentOut), ...errors(READ_ERRORS) },
  }),
  content: createRoute({
    ...read.base,
    operationId: 'downloadDocument',
    method: 'get',
    path: '/documents/{id}/content',
    summary: "A document's bytes",
    description: `The file as an attachment; on S3 storage a 302 to a signed storage URL valid ${REDIRECT_TTL_SECONDS} seconds (follow it without the Authorization header). ${read.note}`,
    request: { params: idPath },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      302: { description: 'A signed storage URL (Location) to fetch the file from' },
      ...errors(READ_ERRORS),
    },
  }),
};

const documentSelect = (t: Tenant, ...conds: (SQL | undefined)[]) => apiDocumentSelect(t, cursorAt(documents.updatedAt), ...conds);
const toDocument = (row: Parameters<typeof toApiDocument>[0]): z.output<typeof documentOut> => toApiDocument(row);

export function registerDocumentRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.upload, requireScope('documents', 'write'), async (c) =>
    uploadOnce(c, async () => {
      const doc = await uploadDocument(c, memberUploader(c.var.actor));
      const [row] = await documentSelect(tenant(c.var.deps.db, c.var.actor), eq(documents.id, doc.id));
      return { status: 201, body: toDocument(row) };
    }),
  );
  define(api, ROUTES.list, requireScope('documents', 'read'), async (c) => {
    const q = validate(documentApiQuerySchema, c.req.query());
    const rows = await documentSelect(
      tenant(c.var.deps.db, c.var.actor),
      q.customer_id ? eq(documents.customerId, q.customer_id) : undefined,
      q.policy_id ? eq(documents.policyId, q.policy_id) : undefined,
      ...pageConditions('documents', documents.updatedAt, documents.id, q),
    )
      .orderBy(documents.updatedAt, documents.id)
      .limit(q.limit + 1);
    return c.json(toPage('documents', rows, q, toDocument));
  });
  define(api, ROUTES.get, requireScope('documents', 'read'), async (c) => {
    const [row] = await documentSelect(tenant(c.var.deps.db, c.var.actor), eq(documents.id, idParam(c, 'id', DOCUMENT_TEXT.notFound)));
    if (!row) throw notFound(DOCUMENT_TEXT.notFound);
    return c.json(toDocument(row));
  });
  define(api, ROUTES.content, requireScope('documents', 'read'), async (c) => {
    const { deps, actor } = c.var;
    const id = idParam(c, 'id', DOCUMENT_TEXT.notFound);
    // the app's own link: checks the document and logs the download
    await createDocumentLink(deps, actor, id, 'attachment');
    const doc = await findLinkedDocument(deps.db, actor, id);
    c.header('cache-control', 'no-store');
    const presigned = await deps.storage.presign(doc.storageKey, { expiresIn: REDIRECT_TTL_SECONDS, fileName: doc.name, contentType: doc.contentType, disposition: 'attachment' });
    if (presigned) return c.redirect(presigned, 302);
    const body = await deps.storage.get(doc.storageKey);
    if (!body) throw notFound(DOCUMENT_TEXT.notFound);
    return new Response(body, {
      headers: {
        'content-type': doc.contentType,
        'content-length': String(doc.size),
        'content-disposition': contentDisposition(doc.name, 'attachment'),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });
}
