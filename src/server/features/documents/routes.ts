// /api/documents: Business and above (the feature map's 'documents'); below, 403 from requireFeature.
import { Hono } from 'hono';
import { DOCUMENT_TEXT, REDIRECT_TTL_SECONDS, documentQuerySchema, moveDocumentSchema, renameDocumentSchema } from '#shared/documents.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { verifyDocumentLink, type LinkDisposition } from '#server/files.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { serveStoredFile } from '#server/platform/serve-file.ts';
import {
  createDocumentLink,
  findLinkedDocument,
  listDocuments,
  listUploaders,
  moveDocument,
  readUsage,
  renameDocument,
  restoreDocument,
  trashDocument,
} from './service.ts';
import { uploadDocument } from './upload.ts';

export { DOCUMENT_UPLOAD_PATH } from './upload.ts';


const disposition = (raw: string | undefined): LinkDisposition => (raw === 'attachment' ? 'attachment' : 'inline');

export function documentRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/documents', requireFeature('documents'));
  r.use('/documents/*', requireFeature('documents'));

  r.get('/documents', async (c) => c.json(await listDocuments(c.var.deps.db, c.var.actor, validate(documentQuerySchema, c.req.query()))));
  r.get('/documents/usage', async (c) => c.json(await readUsage(c.var.deps.db, c.var.actor)));
  r.get('/documents/uploaders', async (c) => c.json({ uploaders: await listUploaders(c.var.deps.db, c.var.actor) }));
  r.post('/documents/upload', async (c) => c.json({ document: await uploadDocument(c) }, 201));
  r.patch('/documents/:id', async (c) => {
    const { name } = await readJson(c, renameDocumentSchema);
    return c.json({ document: await renameDocument(c.var.deps.db, c.var.actor, idParam(c, 'id', DOCUMENT_TEXT.notFound), name) });
  });
  r.put('/documents/:id/target', async (c) => {
    const target = await readJson(c, moveDocumentSchema);
    return c.json({ document: await moveDocument(c.var.deps.db, c.var.actor, idParam(c, 'id', DOCUMENT_TEXT.notFound), target) });
  });
  r.delete('/documents/:id', async (c) => {
    await trashDocument(c.var.deps.db, c.var.actor, idParam(c, 'id', DOCUMENT_TEXT.notFound));
    return c.json({ ok: true });
  });
  r.post('/documents/:id/restore', async (c) => c.json({ document: await restoreDocument(c.var.deps.db, c.var.actor, idParam(c, 'id', DOCUMENT_TEXT.notFound)) }));

  r.get('/documents/:id/link', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await createDocumentLink(c.var.deps, c.var.actor, idParam(c, 'id', DOCUMENT_TEXT.notFound), disposition(c.req.query('disposition'))));
  });

  // Opened by the signed-in browser: the link is bound to the user and the agency it was made for, and
  // the document is looked up again in the caller's agency as it is now (decision 010).
  r.get('/documents/:id/content', async (c) => {
    const { deps, actor } = c.var;
    const id = idParam(c, 'id', DOCUMENT_TEXT.notFound);
    const how = disposition(c.req.query('disposition'));
    const check = verifyDocumentLink(deps.config.authSecret, id, actor.userId, actor.agency.id, how, c.req.query('expires'), c.req.query('sig'));
    if (check === 'expired') throw new AppError(403, 'LINK_EXPIRED', 'This link has expired. Please open the file again.');
    if (check !== 'ok') throw notFound('Document not found.');
    const doc = await findLinkedDocument(deps.db, actor, id);
    return serveStoredFile(c, deps.storage, doc, how, { expiresIn: REDIRECT_TTL_SECONDS, missing: 'Document not found.' });
  });
  return r;
}
