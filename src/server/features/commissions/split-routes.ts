// /api/commissions/producers…: members' splits, the producer report (and its CSV), and a term's
// second producer. Mounted by commissionRoutes, behind the same feature guard.
import type { Hono } from 'hono';
import { csvLine } from '#shared/csv.ts';
import { producerSplitSchema, SPLIT_TEXT, termSplitSchema } from '#shared/commission-splits.ts';
import { COMMISSION_TEXT, reconciliationQuerySchema } from '#shared/commissions.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { assertManager, listProducers, producerReport, setProducerSplit, setTermSplit } from './splits.ts';

const REPORT_HEADER = ['Producer', 'New business split', 'Renewal split', 'Terms', 'Expected', 'Received', 'Outstanding', 'Producer share of expected', 'Producer earned'];

export function mountSplitRoutes(r: Hono<AppEnv>): void {
  r.get('/commissions/producers', async (c) => c.json({ producers: await listProducers(c.var.deps.db, c.var.actor) }));
  r.put('/commissions/producers/:userId', async (c) => {
    assertManager(c.var.actor);
    const userId = idParam(c, 'userId', SPLIT_TEXT.memberNotFound);
    return c.json({ producer: await setProducerSplit(c.var.deps.db, c.var.actor, userId, await readJson(c, producerSplitSchema)) });
  });
  r.delete('/commissions/producers/:userId', async (c) => {
    await setProducerSplit(c.var.deps.db, c.var.actor, idParam(c, 'userId', SPLIT_TEXT.memberNotFound), null);
    return c.json({ ok: true });
  });
  r.get('/commissions/producer-report', async (c) => c.json(await producerReport(c.var.deps.db, c.var.actor, validate(reconciliationQuerySchema, c.req.query()))));
  r.get('/commissions/producer-report/csv', async (c) => {
    const report = await producerReport(c.var.deps.db, c.var.actor, validate(reconciliationQuerySchema, c.req.query()));
    const rows = report.rows.map((p) =>
      csvLine([p.name, p.new_business ?? '', p.renewal ?? '', String(p.terms), p.expected, p.received, p.difference, p.earned_expected, p.earned]),
    );
    const s = report.totals;
    return c.body(csvLine(REPORT_HEADER) + rows.join('') + csvLine(['Total', '', '', String(s.terms), s.expected, s.received, s.difference, s.earned_expected, s.earned]), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="producer-report.csv"',
      'cache-control': 'no-store',
    });
  });
  r.put('/commissions/policies/:id/split', async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.policyNotFound);
    return c.json({ split: await setTermSplit(c.var.deps.db, c.var.actor, id, await readJson(c, termSplitSchema)) });
  });
}
