// GET /api/files/:id/link → a signed link valid 300 s; GET /api/files/:id/content serves it.
import { Hono } from 'hono';
import { requireUser, type AppEnv } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { verifyFileLink } from '#server/files.ts';
import { contentDisposition } from '#server/storage.ts';
import { createFileLink, findReadableFile } from './service.ts';
import { idOr404 } from '#server/db/helpers.ts';

export const fileId = (raw: string) => idOr404(raw, 'File not found');

export function fileRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/files/:id/link', requireUser, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await createFileLink(c.var.deps, c.var.actor, fileId(c.req.param('id'))));
  });

  // The link is opened by the signed-in browser and bound to the user it was made for, so a copied
  // link is useless to anyone else; the signature alone decides nothing: who may read the file is
  // asked again, so a member removed since the link was made is refused.
  r.get('/files/:id/content', requireUser, async (c) => {
    const id = fileId(c.req.param('id'));
    const { deps, actor } = c.var;
    const check = verifyFileLink(deps.config.authSecret, id, actor.userId, c.req.query('expires'), c.req.query('sig'));
    if (check === 'expired') throw new AppError(403, 'LINK_EXPIRED', 'This link has expired. Please open the file again.');
    if (check !== 'ok') throw new AppError(403, 'INVALID_LINK', 'This link is not valid.');
    const file = await findReadableFile(deps, actor, id);
    const body = await deps.storage.get(file.storageKey);
    if (!body) throw notFound('File not found');
    return new Response(body, {
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.size),
        'content-disposition': contentDisposition(file.fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });

  return r;
}
