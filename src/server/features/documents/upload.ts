// The Documents card's upload: an agency member's, into a customer or a policy of their agency
// (the pipeline itself is #server/platform/document-upload.ts, shared with the client portal).
import type { Context } from 'hono';
import { documentTargetSchema, type DocumentRow } from '#shared/documents.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { uploadDocument as upload, type Uploader } from '#server/platform/document-upload.ts';
import { resolveTarget } from './service.ts';

export const DOCUMENT_UPLOAD_PATH = '/api/documents/upload';

const memberUploader = (actor: Actor): Uploader => ({
  owner: actor,
  by: actor,
  fromClient: false,
  fields: ['customer_id', 'policy_id'],
  target: (t, fields) => resolveTarget(t, validate(documentTargetSchema, fields)),
  summary: (name, size, label) => `Uploaded document ${name} (${size}) to ${label}`,
});

export const uploadDocument = (c: Context<AppEnv>): Promise<DocumentRow> => upload(c, memberUploader(c.var.actor));
