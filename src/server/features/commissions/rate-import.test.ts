// The commission schedules import (issue 31: "the import can bring schedules back"): the full
// export's commission_schedules.csv, after the rates are deleted, brings back identical rates; the
// same file twice adds nothing; each bad row gets its reason; undo removes what the import added;
// another agency's import never touches yours; below Professional it is refused.
import { describe, expect, it } from 'vitest';
import type { CommissionRate } from '#shared/commissions.ts';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { IMPORT_TEXT } from '#shared/imports.ts';
import { RATE_IMPORT_TEXT, type RateImportResult } from '#shared/rate-import.ts';
import { fileTestContext, createUser, json, type TestUser } from '#server/test/harness.ts';
import { readZip } from '#server/platform/zip.ts';
import { rateBody } from './fixtures.ts';

const t = fileTestContext();

const form = (csv: string, name = 'commission_schedules.csv') => {
  const fd = new FormData();
  fd.append('file', new File([new TextEncoder().encode(csv)], name, { type: 'text/csv' }));
  return fd;
};
const rates = async (u: TestUser) => (await json<{ rates: CommissionRate[] }>(await t.request('/api/commissions/rates', { cookie: u.cookie }))).rates;
const shape = (list: CommissionRate[]) => list.map((r) => [r.carrier, r.line, r.business, r.rate, r.effective_from].join('|')).sort();
const send = (u: TestUser, csv: string, path = '/api/commissions/rates/import') => t.request(path, { cookie: u.cookie, method: 'POST', body: form(csv) });

async function exportedSchedules(u: TestUser): Promise<string> {
  const res = await t.request('/api/export', { cookie: u.cookie });
  expect(res.status).toBe(200);
  return readZip(new Uint8Array(await res.arrayBuffer())).get('commission_schedules.csv')!.toString('utf8');
}

describe('the commission schedules import', () => {
  it('brings exported rates back identical after they were deleted, once however often it runs, and undoes', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    for (const body of [rateBody(), rateBody({ line: 'fire', business: 'renewal', rate: '7.25' }), rateBody({ carrier: 'Beta Re', rate: '12.3456', effective_from: '2026-06-01' })])
      expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: body })).status).toBe(201);
    const before = await rates(pro);
    const csv = await exportedSchedules(pro);
    // another agency imports the same file: ours stay as they are
    const other = await createUser(t, { tier: 'professional' });
    expect((await send(other, csv)).status).toBe(201);
    for (const r of before) expect((await t.request(`/api/commissions/rates/${r.id}`, { cookie: pro.cookie, method: 'DELETE' })).status).toBe(200);
    expect(await rates(pro)).toEqual([]);

    const preview = await json<RateImportResult>(await send(pro, csv, '/api/commissions/rates/import/preview'));
    expect(preview.summary).toEqual({ create: 3, exists: 0, error: 0 });
    expect(preview.import_id).toBeNull();
    expect(await rates(pro)).toEqual([]);

    const res = await send(pro, csv);
    expect(res.status).toBe(201);
    const applied = await json<RateImportResult>(res);
    expect(applied.summary).toEqual({ create: 3, exists: 0, error: 0 });
    expect(shape(await rates(pro))).toEqual(shape(before));

    const again = await json<RateImportResult>(await send(pro, csv));
    expect(again.summary).toEqual({ create: 0, exists: 3, error: 0 });
    expect(again.rows.every((r) => r.reason === RATE_IMPORT_TEXT.exists)).toBe(true);
    expect(again.import_id).toBeNull();
    expect(await rates(pro)).toHaveLength(3);

    // another agency cannot undo ours (404), then ours is undone once
    expect((await t.request(`/api/commissions/rates/imports/${applied.import_id}/undo`, { cookie: other.cookie, method: 'POST' })).status).toBe(404);
    expect(await rates(pro)).toHaveLength(3);
    const undo = await t.request(`/api/commissions/rates/imports/${applied.import_id}/undo`, { cookie: pro.cookie, method: 'POST' });
    expect(undo.status).toBe(200);
    expect(await json(undo)).toEqual({ removed: 3 });
    expect(await rates(pro)).toEqual([]);
    expect(shape(await rates(other))).toEqual(shape(before));
    expect((await t.request(`/api/commissions/rates/imports/${applied.import_id}/undo`, { cookie: pro.cookie, method: 'POST' })).status).toBe(404);
  }, 120_000);

  it('gives each bad row its reason and adds the good ones', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: rateBody({ carrier: 'Held Re', rate: '9' }) })).status).toBe(201);
    const csv = [
      'carrier,line,business,rate,effective_from',
      'Acme Mutual,car,new,10,2026-01-01',
      'Acme Mutual,car,new,abc,2026-02-01',
      'Acme Mutual,boat,new,10,2026-01-01',
      'Acme Mutual,car,new,120,2026-03-01',
      ',car,new,10,2026-01-01',
      'Acme Mutual,car,sometimes,10,2026-01-01',
      'Acme Mutual,fire,new,10,not a date',
      'acme  mutual,car,new,11,2026-01-01',
      'Held Re,car,new,8,2026-01-01',
    ].join('\n');
    const res = await send(pro, csv);
    expect(res.status).toBe(201);
    const result = await json<RateImportResult>(res);
    expect(result.summary).toEqual({ create: 1, exists: 0, error: 8 });
    expect(result.rows.map((r) => [r.row, r.outcome, r.reason])).toEqual([
      [2, 'create', null],
      [3, 'error', `Rate: ${COMMISSION_TEXT.rateInvalid}`],
      [4, 'error', RATE_IMPORT_TEXT.unknownLine('boat')],
      [5, 'error', `Rate: ${COMMISSION_TEXT.rateInvalid}`],
      [6, 'error', `Carrier: ${COMMISSION_TEXT.carrierRequired}`],
      [7, 'error', RATE_IMPORT_TEXT.unknownBusiness('sometimes')],
      [8, 'error', expect.stringMatching(/^Effective from: /)],
      [9, 'error', RATE_IMPORT_TEXT.sameAsRow(2)],
      [10, 'error', RATE_IMPORT_TEXT.otherRate('9')],
    ]);
    expect(shape(await rates(pro))).toEqual(['Acme Mutual|car|new|10.0000|2026-01-01', 'Held Re|car|new|9.0000|2026-01-01']);
  }, 60_000);

  it('refuses a file without the columns, an empty one, and a plan without commissions', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    const missing = await send(pro, 'carrier,line,rate\nAcme,car,10\n');
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.fields).toEqual({ file: IMPORT_TEXT.missingFields(['Business', 'Effective from']) });
    const empty = await send(pro, 'carrier,line,business,rate,effective_from\n');
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields).toEqual({ file: RATE_IMPORT_TEXT.noRows });
    const noFile = await t.request('/api/commissions/rates/import', { cookie: pro.cookie, method: 'POST', body: new FormData() });
    expect(noFile.status).toBe(400);
    const starter = await createUser(t, { tier: 'starter' });
    expect((await send(starter, 'carrier,line,business,rate,effective_from\nAcme,car,new,10,2026-01-01\n')).status).toBe(403);
    expect((await t.request(`/api/commissions/rates/imports/${crypto.randomUUID()}/undo`, { cookie: starter.cookie, method: 'POST' })).status).toBe(403);
    expect((await t.request('/api/commissions/rates/imports/not-an-id/undo', { cookie: pro.cookie, method: 'POST' })).status).toBe(404);
  }, 60_000);
});
