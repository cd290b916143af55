// The ID card and the evidence of insurance of one policy, under the agency's letterhead: the same
// bytes for the client (portal) and the agent (policy page).
import { eq } from 'drizzle-orm';
import { lineOf } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { agencyToday } from '#shared/time.ts';
import type { Deps } from '#server/context.ts';
import { agencies, agencyBranding, customers, policies } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { brandForAgency } from '#server/platform/brand.ts';
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

/** The white label where the plan includes it (name, colour, logo, support contacts); else the agency's own name and contacts. */
async function letterheadOf(deps: Deps, t: Tenant): Promise<{ letterhead: Letterhead; timeZone: string }> {
  const [agency] = await t.ownAgency({ name: agencies.name, email: agencies.email, phone: agencies.phone, timeZone: agencies.timezone });
  const brand = await brandForAgency(deps.db, t.agencyId);
  let logoPng: Uint8Array | null = null;
  if (brand?.logo_url) {
    const [row] = await t.select({ key: agencyBranding.logoKey }).from(agencyBranding);
    logoPng = row?.key ? await readAll(await deps.storage.get(row.key)).catch(() => null) : null;
  }
  return {
    timeZone: agency.timeZone,
    letterhead: {
      name: brand?.name ?? agency.name,
      color: brand?.color ?? '#1d4ed8',
      email: brand?.support_email ?? agency.email,
      phone: brand?.support_phone ?? agency.phone,
      logoPng,
    },
  };
}

/** The PDF of a policy (a car's ID card, a property's evidence of insurance) and its file name. */
export async function policyCardPdf(deps: Deps, t: Tenant, policy: PolicyRow): Promise<{ bytes: Uint8Array; fileName: string }> {
  const kind = cardOf(policy.policyType);
  if (!kind) throw notFound(PORTAL_TEXT.noCard);
  const { letterhead, timeZone } = await letterheadOf(deps, t);
  const [customer] = policy.customerId
    ? await t.select({ address: customers.address, city: customers.city, postalCode: customers.postalCode }).from(customers, eq(customers.id, policy.customerId))
    : [];
  const address = customer ? [customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null;
  const facts = {
    letterhead,
    insured: { name: policy.customerName, address },
    policy: { number: policy.policyNumber, carrier: policy.insuranceCompany, start: policy.startDate, end: policy.endDate, line: lineOf(policy.policyType).label },
    details: detailRows(policy),
    issued: agencyToday(timeZone, now()),
  };
  const safeNumber = policy.policyNumber.replace(/[^A-Za-z0-9._-]+/g, '-');
  if (kind === 'id-card') return { bytes: await autoIdCardPdf(facts), fileName: `id-card-${safeNumber}.pdf` };
  const amounts = [
    { label: 'Coverage amount', value: formatMoney(policy.coverageAmount) },
    { label: 'Deductible', value: formatMoney(policy.deductible) },
  ];
  return { bytes: await propertyEvidencePdf({ ...facts, amounts }), fileName: `evidence-of-insurance-${safeNumber}.pdf` };
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
