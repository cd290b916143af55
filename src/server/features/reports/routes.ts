// /api/reports: the agency's reports (Professional and above), as JSON for the page and as CSV.
import { Hono, type Context } from 'hono';
import { REPORT_FEATURE, reportCsv, reportKindSchema, reportQuerySchema, type ReportKind } from '#shared/reports.ts';
import { todayIso } from '#shared/money.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { notFound } from '#server/errors.ts';
import { listCarriers, runReport } from './service.ts';

/** The report asked for, once the caller may also use the feature it reads (the commission reports: `commissions`). */
async function kindOf(c: Context<AppEnv>): Promise<ReportKind> {
  const parsed = reportKindSchema.safeParse(c.req.param('kind'));
  if (!parsed.success) throw notFound('Report not found.');
  const feature = REPORT_FEATURE[parsed.data];
  if (feature) await requireFeature(feature)(c, async () => {});
  return parsed.data;
}

export function reportRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/reports', requireFeature('reports'));
  r.use('/reports/*', requireFeature('reports'));
  r.get('/reports/carriers', async (c) => c.json(await listCarriers(c.var.deps.db, c.var.actor)));
  r.get('/reports/:kind', async (c) => {
    const kind = await kindOf(c);
    return c.json(await runReport(c.var.deps.db, c.var.actor, kind, validate(reportQuerySchema, c.req.query())));
  });
  r.get('/reports/:kind/csv', async (c) => {
    const kind = await kindOf(c);
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
