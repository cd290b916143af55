// /api/commissions (Professional and above, the feature map's `commissions`): schedules, a policy's
// own rate, the tolerance, carrier statements (preview, import, failures, undo), lines not in the
// book, manual receipts, and the reconciliation. Every query is the caller's agency's; another
// agency's ids answer 404.
import { Hono } from 'hono';
import { RATE_IMPORT_TEXT } from '#shared/rate-import.ts';
import {
  COMMISSION_TEXT,
  ignoreLineSchema,
  manualReceiptSchema,
  matchCandidatesQuerySchema,
  matchLineSchema,
  overrideInputSchema,
  rateInputSchema,
  reconciliationQuerySchema,
  settingsInputSchema,
  termStatesQuerySchema,
} from '#shared/commissions.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { createRate, deleteRate, listCarriers, listRates, saveTolerance, setOverride } from './rates.ts';
import { applyRateImport, previewRateImport, readRateFile, undoRateImport } from './rate-import.ts';
import { readSettings } from '#server/entities/commissions/settings.ts';
import { reconcile, reconciliationCsv, termCommission, termStates } from '#server/entities/commissions/reconciliation.ts';
import { readStatement } from '#server/entities/commissions/upload.ts';
import { matchCandidates, termLines } from '#server/entities/commissions/line-match.ts';
import { mountSplitRoutes } from './split-routes.ts';
import { termSplitOf } from './splits.ts';
import {
  deleteReceipt,
  failuresCsv,
  getLine,
  ignoreLine,
  importStatement,
  listStatements,
  listUnmatched,
  matchLine,
  previewStatement,
  recordReceipt,
  reopenLine,
  undoStatement,
} from '#server/entities/commissions/statements.ts';

export const COMMISSION_UPLOAD_PREFIX = '/api/commissions/statements';


export function commissionRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/commissions', requireFeature('commissions'));
  r.use('/commissions/*', requireFeature('commissions'));

  r.get('/commissions', async (c) => c.json(await reconcile(c.var.deps.db, c.var.actor, validate(reconciliationQuerySchema, c.req.query()))));
  r.get('/commissions/csv', async (c) =>
    c.body(await reconciliationCsv(c.var.deps.db, c.var.actor, validate(reconciliationQuerySchema, c.req.query())), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="commissions.csv"',
      'cache-control': 'no-store',
    }),
  );
  r.get('/commissions/terms', async (c) => c.json({ terms: await termStates(c.var.deps.db, c.var.actor, validate(termStatesQuerySchema, c.req.query()).ids) }));
  r.get('/commissions/carriers', async (c) => c.json({ carriers: await listCarriers(c.var.deps.db, c.var.actor) }));

  r.get('/commissions/rates', async (c) => c.json({ rates: await listRates(c.var.deps.db, c.var.actor) }));
  r.post('/commissions/rates', async (c) => c.json({ rate: await createRate(c.var.deps.db, c.var.actor, await readJson(c, rateInputSchema)) }, 201));
  // the schedules import (the export's commission_schedules.csv back): preview, apply, undo
  r.post('/commissions/rates/import/preview', async (c) => c.json(await previewRateImport(c.var.deps.db, c.var.actor, await readRateFile(c))));
  r.post('/commissions/rates/import', async (c) => c.json(await applyRateImport(c.var.deps.db, c.var.actor, await readRateFile(c)), 201));
  r.post('/commissions/rates/imports/:id/undo', async (c) =>
    c.json(await undoRateImport(c.var.deps.db, c.var.actor, idParam(c, 'id', RATE_IMPORT_TEXT.importNotFound))),
  );
  r.delete('/commissions/rates/:id', async (c) => {
    await deleteRate(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.rateNotFound));
    return c.json({ ok: true });
  });

  r.get('/commissions/policies/:id', async (c) => {
    const row = await termCommission(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.policyNotFound));
    if (!row) return c.json({ error: { code: 'NOT_FOUND', message: COMMISSION_TEXT.policyNotFound } }, 404);
    return c.json({ commission: row, split: await termSplitOf(tenant(c.var.deps.db, c.var.actor), row.policy_id) });
  });
  // the lines that pay a term (a line matched to the wrong policy is found and moved from here)
  r.get('/commissions/policies/:id/lines', async (c) =>
    c.json({ lines: await termLines(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.policyNotFound)) }),
  );
  r.put('/commissions/policies/:id/rate', async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.policyNotFound);
    const { rate } = await readJson(c, overrideInputSchema);
    return c.json(await setOverride(c.var.deps.db, c.var.actor, id, rate));
  });

  r.get('/commissions/settings', async (c) => c.json({ tolerance: (await readSettings(tenant(c.var.deps.db, c.var.actor))).tolerance }));
  r.put('/commissions/settings', async (c) => c.json(await saveTolerance(c.var.deps.db, c.var.actor, (await readJson(c, settingsInputSchema)).tolerance)));

  r.get('/commissions/statements', async (c) => c.json({ statements: await listStatements(c.var.deps.db, c.var.actor) }));
  r.post('/commissions/statements/preview', async (c) => c.json(await previewStatement(c.var.deps.db, c.var.actor, await readStatement(c))));
  r.post('/commissions/statements', async (c) => c.json({ statement: await importStatement(c.var.deps.db, c.var.actor, await readStatement(c)) }, 201));
  r.get('/commissions/statements/:id/failures', async (c) =>
    c.body(await failuresCsv(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.statementNotFound)), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="statement-failures.csv"',
      'cache-control': 'no-store',
    }),
  );
  r.post('/commissions/statements/:id/undo', async (c) =>
    c.json({ statement: await undoStatement(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.statementNotFound)) }),
  );

  r.get('/commissions/unmatched', async (c) => c.json({ lines: await listUnmatched(c.var.deps.db, c.var.actor) }));
  r.post('/commissions/lines/:id/ignore', async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.lineNotFound);
    await ignoreLine(c.var.deps.db, c.var.actor, id, (await readJson(c, ignoreLineSchema)).reason);
    return c.json({ ok: true });
  });
  // create the policy from a line not in the book: the form reads the line, then matches it to the new policy
  r.get('/commissions/lines/:id', async (c) => c.json({ line: await getLine(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.lineNotFound)) }));
  // the match dialog: the agency's policies for a line (a search by number or insured, or suggestions)
  r.get('/commissions/lines/:id/candidates', async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.lineNotFound);
    return c.json(await matchCandidates(c.var.deps.db, c.var.actor, id, validate(matchCandidatesQuerySchema, c.req.query()).q));
  });
  r.post('/commissions/lines/:id/match', async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.lineNotFound);
    const { policy_number } = await matchLine(c.var.deps.db, c.var.actor, id, (await readJson(c, matchLineSchema)).policy_id);
    return c.json({ ok: true, policy_number });
  });
  // the undo of a match by hand or of an ignore
  r.post('/commissions/lines/:id/reopen', async (c) => {
    // policy_number: the policy the import had matched the line to, which it pays again (else null: not in the book)
    const { policy_number } = await reopenLine(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.lineNotFound));
    return c.json({ ok: true, policy_number });
  });
  r.post('/commissions/receipts', async (c) => c.json({ receipt: await recordReceipt(c.var.deps.db, c.var.actor, await readJson(c, manualReceiptSchema)) }, 201));
  r.delete('/commissions/receipts/:id', async (c) => {
    await deleteReceipt(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.lineNotFound));
    return c.json({ ok: true });
  });
  mountSplitRoutes(r);
  return r;
}
