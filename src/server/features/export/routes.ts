// /api/export (Professional and above): the agency's whole book as one streamed zip.
import { Hono } from 'hono';
import { exportFileName } from '#shared/export.ts';
import { todayIso } from '#shared/money.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { exportBook } from '#server/entities/export.ts';

export function exportRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/export', requireFeature('export'), (c) => {
    const actor = c.var.actor;
    return new Response(exportBook(c.var.deps.db, actor), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${exportFileName(actor.agency.name, todayIso())}"`,
        'cache-control': 'no-store',
      },
    });
  });
  return r;
}
