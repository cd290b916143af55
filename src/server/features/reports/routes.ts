// /api/reports: the agency's reports (Professional and above), as JSON for the page and as CSV.
import { Hono } from 'hono';
import { reportCsv, reportKindSchema, reportQuerySchema } from '#shared/reports.ts';
import { todayIso } from '#shared/money.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { notFound } from '#server/errors.ts';
import { listCarriers, runReport } from './service.ts';

function kindOf(value: string) {
  const parsed = reportKindSchema.safeParse(value);
  if (!parsed.success) throw notFound('Report not found.');
  return parsed.data;
}

export function reportRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/reports', requireFeature('reports'));
  r.use('/reports/*', requireFeature('reports'));
  r.get('/reports/carriers', async (c) => c.json(await listCarriers(c.var.deps.db, c.var.actor)));
  r.get('/reports/:kind', async (c) => {
    const kind = kindOf(c.req.param('kind'));
    return c.json(await runReport(c.var.deps.db, c.var.actor, kind, validate(reportQuerySchema, c.req.query())));
  });
  r.get('/reports/:kind/csv', async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const result = await runReport(c.var.deps.db, c.var.actor, kind, validate(reportQuerySchema, c.req.query()));
    return new Response(reportCsv(result), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${kind}-report-${todayIso()}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
  return r;
}
