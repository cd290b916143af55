// The ID card and the evidence of insurance of one policy, under the agency's letterhead: the same
// bytes for the client (portal) and the agent (policy page).
import { eq } from 'drizzle-orm';
import { lineOf } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { derivePolicyStatus } from '#shared/policy-status-text.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { cardEndDate, cardInForce } from '#shared/portal-card.ts';
import { agencyToday } from '#shared/time.ts';
import type { Deps } from '#server/context.ts';
import { customers, policies } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { letterheadRowOf } from '#server/platform/brand.ts';
import { now } from '#server/platform/clock.ts';
import { autoIdCardPdf, propertyEvidencePdf, type Letterhead } from '#server/platform/pdf.ts';
import type { Tenant } from '#server/tenant.ts';
import { cardOf, detailRows } from './service.ts';

type PolicyRow = typeof policies.$inferSelect;

const MAX_LOGO_BYTES = 512 * 1024;

async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  if (!stream) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_LOGO_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A small per-process LRU bounded by bytes: Map keeps insertion order, so the first key is the least
 * recently used. Its keys hold everything a value is made of, so a stale entry is never served
 * (another instance's write changes the key, not the entry) and nothing needs invalidating.
 */
class ByteLru {
  private readonly map = new Map<string, Uint8Array>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): Uint8Array | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: Uint8Array) {
    if (value.length > this.maxBytes / 8) return;
    const old = this.map.get(key);
    if (old) this.bytes -= old.length;
    this.map.delete(key);
    this.map.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.length;
    }
  }
}

/** Logos by their content hash (the stored PNG never changes under its hash): read from storage once per process. */
const logos = new ByteLru(4 * 1024 * 1024);
/** Generated PDFs (4 kB without a logo) by the facts they were drawn from: issue 32 wants 20 concurrent cards within 100 ms p99. */
const cards = new ByteLru(16 * 1024 * 1024);

async function logoOf(deps: Deps, logo: { key: string; hash: string } | null): Promise<Uint8Array | null> {
  if (!logo) return null;
  const cached = logos.get(logo.hash);
  if (cached) return cached;
  const bytes = await readAll(await deps.storage.get(logo.key)).catch(() => null);
  // a failed read is not remembered: the next card tries again
  if (bytes) logos.set(logo.hash, bytes);
  return bytes;
}

/** The PDF of a policy (a car's ID card, a property's evidence of insurance) and its file name. */
export async function policyCardPdf(deps: Deps, t: Tenant, policy: PolicyRow): Promise<{ bytes: Uint8Array; fileName: string }> {
  const kind = cardOf(policy.policyType);
  if (!kind) throw notFound(PORTAL_TEXT.noCard);
  // the white label where the plan includes it (name, colour, logo, support contacts); else the agency's own name and contacts
  const head = await letterheadRowOf(deps.db, t.agencyId);
  if (!head) throw notFound(PORTAL_TEXT.noCard);
  const { agency, brand } = head;
  const today = agencyToday(agency.timeZone, now());
  const status = derivePolicyStatus(
    { start_date: policy.startDate, end_date: policy.endDate, bound: policy.bound, cancel_effective_date: policy.cancelEffectiveDate, renewal_state: policy.renewalState },
    today,
  );
  // the card says the insurance is in force: never for a term not bound, ended or cancelled
  if (!cardInForce(status, policy.bound)) throw conflict(PORTAL_TEXT.notInForce, 'NOT_IN_FORCE');
  const [customer] = policy.customerId
    ? await t.select({ address: customers.address, city: customers.city, postalCode: customers.postalCode }).from(customers, eq(customers.id, policy.customerId))
    : [];
  const address = customer ? [customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null;
  const letterhead: Omit<Letterhead, 'logoPng'> = {
    name: brand?.name ?? agency.name,
    color: brand?.color ?? '#1d4ed8',
    email: brand?.support_email ?? agency.email,
    phone: brand?.support_phone ?? agency.phone,
  };
  const facts = {
    letterhead,
    insured: { name: policy.customerName, address },
    policy: { number: policy.policyNumber, carrier: policy.insuranceCompany, start: policy.startDate, end: cardEndDate(policy.endDate, policy.cancelEffectiveDate), line: lineOf(policy.policyType).label },
    details: detailRows(policy),
    issued: today,
  };
  const amounts =
    kind === 'id-card'
      ? []
      : [
          { label: 'Coverage amount', value: formatMoney(policy.coverageAmount) },
          { label: 'Deductible', value: formatMoney(policy.deductible) },
        ];
  const safeNumber = policy.policyNumber.replace(/[^A-Za-z0-9._-]+/g, '-');
  const fileName = kind === 'id-card' ? `id-card-${safeNumber}.pdf` : `evidence-of-insurance-${safeNumber}.pdf`;
  // every fact drawn on the page is in the key (the logo by its hash), so equal keys mean equal documents
  const key = JSON.stringify([kind, facts, amounts, head.logo?.hash ?? null]);
  const cached = cards.get(key);
  if (cached) return { bytes: cached, fileName };
  const full = { ...facts, letterhead: { ...letterhead, logoPng: await logoOf(deps, head.logo) } };
  const bytes = kind === 'id-card' ? await autoIdCardPdf(full) : await propertyEvidencePdf({ ...full, amounts });
  cards.set(key, bytes);
  return { bytes, fileName };
}

/** The response headers of a generated PDF (inline preview or download). */
export function pdfHeaders(fileName: string, download: boolean): Record<string, string> {
  return {
    'content-type': 'application/pdf',
    'content-disposition': `${download ? 'attachment' : 'inline'}; filename="${fileName}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}
