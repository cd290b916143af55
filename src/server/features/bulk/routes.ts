// /api/bulk: bulk actions on policies and customers, Business and above (the feature map's 'bulk-actions').
import { Hono } from 'hono';
import { BULK_TEXT, bulkExportSchema, bulkListQuerySchema, bulkRequestSchema, journalQuerySchema } from '#shared/bulk.ts';
import { todayIso } from '#shared/money.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { exportScopedCsv } from '#server/entities/export.ts';
import { getBulkAction, listBulkActions, listJournal, previewBulk, startBulk, undoBulk } from './service.ts';
import { ENTITY_TABLE, resolveTargets, uuidArray } from './targets.ts';
import { sql } from 'drizzle-orm';

export function bulkRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/bulk', requireFeature('bulk-actions'));
  r.use('/bulk/*', requireFeature('bulk-actions'));
  r.post('/bulk/preview', async (c) => {
    const input = await readJson(c, bulkRequestSchema);
    return c.json(await previewBulk(c.var.deps.db, c.var.actor, input, c.var.deps.config.BULK_SYNC_LIMIT));
  });
  r.post('/bulk', async (c) => {
    const input = await readJson(c, bulkRequestSchema);
    const result = await startBulk(c.var.deps, c.var.actor, input);
    return c.json(result, result.state === 'running' ? 202 : 201);
  });
  // the selection as CSV, in the full export's columns; ids of another agency are left out and counted
  r.post('/bulk/export', async (c) => {
    const input = await readJson(c, bulkExportSchema);
    const { db } = c.var.deps;
    const targets = await resolveTargets(tenant(db, c.var.actor), c.var.actor, input);
    const table = ENTITY_TABLE[input.entity];
    const scope = targets.ids.length ? sql`${table.id} = any(${uuidArray(targets.ids)})` : sql`false`;
    return new Response(exportScopedCsv(db, c.var.actor, input.entity, scope), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${input.entity}-selection-${todayIso()}.csv"`,
        'cache-control': 'no-store',
        'x-ignored-count': String(targets.ignored.length),
      },
    });
  });
  r.get('/bulk', async (c) => c.json(await listBulkActions(c.var.deps.db, c.var.actor, validate(bulkListQuerySchema, c.req.query()))));
  r.get('/bulk/:id', async (c) => c.json(await getBulkAction(c.var.deps.db, c.var.actor, idParam(c, 'id', BULK_TEXT.notFound))));
  r.get('/bulk/:id/journal', async (c) => c.json(await listJournal(c.var.deps.db, c.var.actor, idParam(c, 'id', BULK_TEXT.notFound), validate(journalQuerySchema, c.req.query()))));
  r.post('/bulk/:id/undo', async (c) => c.json(await undoBulk(c.var.deps.db, c.var.actor, idParam(c, 'id', BULK_TEXT.notFound))));
  return r;
}
