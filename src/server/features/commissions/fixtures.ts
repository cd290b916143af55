// Test helpers of the commissions tests: policies written straight into an agency's book, and a
// statement upload as the web app sends it (fields before the file).
import { policies } from '#server/db/schema.ts';
import { json, type TestContext, type TestUser } from '#server/test/harness.ts';

export async function agencyOf(t: TestContext, u: TestUser): Promise<string> {
  return (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id;
}

export interface TermSpec {
  number: string;
  carrier?: string;
  line?: string;
  premium?: string;
  start?: string;
  end?: string;
  customer?: string;
  renewedFromId?: string | null;
  cancelEffective?: string | null;
}

export async function insertTerm(t: TestContext, agencyId: string, spec: TermSpec): Promise<string> {
  const start = spec.start ?? '2026-03-01';
  const [row] = await t.db
    .insert(policies)
    .values({
      agencyId,
      policyNumber: spec.number,
      insuranceCompany: spec.carrier ?? 'Acme Mutual',
      policyType: spec.line ?? 'car',
      customerName: spec.customer ?? `Insured ${spec.number}`,
      customerEmail: `${spec.number.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
      premiumAmount: spec.premium ?? '1000.00',
      coverageAmount: '50000.00',
      deductible: '500.00',
      startDate: start,
      endDate: spec.end ?? `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`,
      status: 'active',
      bound: true,
      renewedFromId: spec.renewedFromId ?? null,
      cancelEffectiveDate: spec.cancelEffective ?? null,
    })
    .returning({ id: policies.id });
  return row.id;
}

export function statementForm(file: Uint8Array | string, fields: Record<string, string | undefined> = {}, name = 'statement.csv'): FormData {
  const fd = new FormData();
  const base: Record<string, string | undefined> = { carrier: 'Acme Mutual', period: '2026-03', ...fields };
  for (const [k, v] of Object.entries(base)) if (v !== undefined) fd.append(k, v);
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  fd.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv' }));
  return fd;
}

export const rateBody = (over: Record<string, unknown> = {}) => ({ carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10', effective_from: '2026-01-01', ...over });
