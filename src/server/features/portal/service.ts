// What a client sees and does in the portal, always through the tenant context of the client's
// agency and filtered by the client's customer: another customer's row is a 404, as another agency's.
import { and, desc, eq } from 'drizzle-orm';
import { displayValue, fieldsOf, lineOf, POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { derivePolicyStatus } from '#shared/policy-status.ts';
import { cardInForce } from '#shared/portal-card.ts';
import {
  CHANGE_KIND_LABEL,
  PORTAL_REQUEST_DUE_BUSINESS_DAYS,
  PORTAL_TEXT,
  type PortalPolicy,
  type PortalRequest,
} from '#shared/portal.ts';
import { agencyToday, zonedInstant, zonedParts } from '#shared/time.ts';
import type { z } from 'zod';
import type { changeRequestSchema } from '#shared/portal.ts';
import { policies, portalRequests, tasks } from '#server/db/schema.ts';
import { apiTaskOf } from '#server/entities/tasks/tasks.ts';
import { portalRequestsChanged, toApiPortalRequest } from '#server/entities/portal-requests.ts';
import { notFound } from '#server/errors.ts';
import { now } from '#server/platform/clock.ts';
import { emit } from '#server/platform/events.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import type { Client } from './session.ts';

type PolicyRow = typeof policies.$inferSelect;

/** Which generated document a line has: an ID card for a car, evidence of insurance for a property. */
export function cardOf(policyType: string): PortalPolicy['card'] {
  if (policyType === 'car') return 'id-card';
  if (policyType === 'fire' || policyType === 'home') return 'evidence';
  return null;
}

/** The line's details as label and value, in the line's order (src/shared/lines). */
export function detailRows(row: Pick<PolicyRow, 'policyType' | 'details'>): { label: string; value: string }[] {
  const details = row.details ?? {};
  return fieldsOf(lineOf(row.policyType).fields).flatMap(({ key, meta }) => {
    const value = displayValue(meta, details[key]);
    return value === null ? [] : [{ label: meta.label, value }];
  });
}

export function toPortalPolicy(row: PolicyRow, today: string): PortalPolicy {
  const status = derivePolicyStatus(
    { start_date: row.startDate, end_date: row.endDate, bound: row.bound, cancel_effective_date: row.cancelEffectiveDate, renewal_state: row.renewalState },
    today,
  );
  return {
    id: row.id,
    policy_number: row.policyNumber,
    policy_type: POLICY_TYPE_LABEL[row.policyType as PolicyType] ?? row.policyType,
    carrier: row.insuranceCompany,
    status,
    start_date: row.startDate,
    end_date: row.endDate,
    premium: formatMoney(row.premiumAmount),
    coverage: formatMoney(row.coverageAmount),
    deductible: formatMoney(row.deductible),
    renewal_state: row.renewalState,
    details: detailRows(row),
    // an ID card says the insurance is in force: none for a term not bound, ended or cancelled
    card: cardInForce(status, row.bound) ? cardOf(row.policyType) : null,
  };
}

const clientTenant = (db: Connection, client: Client) => tenant(db, client);

/** The client's own policies, newest term first. */
export async function listClientPolicies(db: Connection, client: Client): Promise<PortalPolicy[]> {
  const rows = await clientTenant(db, client).from(policies, eq(policies.customerId, client.customerId)).orderBy(desc(policies.endDate), desc(policies.id));
  const today = agencyToday(client.agency.timeZone, now());
  return rows.map((r) => toPortalPolicy(r, today));
}

/** One of the client's policies; another customer's (or agency's) is a 404. */
export async function clientPolicy(t: Tenant, client: Client, policyId: string): Promise<PolicyRow> {
  const [row] = await t.from(policies, eq(policies.id, policyId), eq(policies.customerId, client.customerId));
  if (!row) throw notFound(PORTAL_TEXT.policyNotFound);
  return row;
}

function toRequest(r: typeof portalRequests.$inferSelect, policyNumber: string | null): PortalRequest {
  const { customer_id: _customer, ...row } = toApiPortalRequest({ r });
  return { ...row, policy_number: policyNumber };
}

/** A customer's change requests, newest first (the client's own, or the agent's view of a customer). */
export async function requestsOfCustomer(t: Tenant, customerId: string): Promise<PortalRequest[]> {
  const rows = await t
    .select({ r: portalRequests, policyNumber: policies.policyNumber })
    .from(portalRequests, eq(portalRequests.customerId, customerId))
    .leftJoin(policies, and(eq(policies.agencyId, portalRequests.agencyId), eq(policies.id, portalRequests.policyId)))
    .orderBy(desc(portalRequests.createdAt), desc(portalRequests.id));
  return rows.map((x) => toRequest(x.r, x.policyNumber));
}

export const listClientRequests = (db: Connection, client: Client) => requestsOfCustomer(clientTenant(db, client), client.customerId);

/** One business day after `at` on the agency's wall clock (a Friday's request is due on Monday). */
export function dueAfterBusinessDays(at: Date, timeZone: string, days = PORTAL_REQUEST_DUE_BUSINESS_DAYS): Date {
  const { date, time } = zonedParts(at, timeZone);
  const day = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return zonedInstant(day.toISOString().slice(0, 10), time, timeZone);
}

/**
 * A change request: the request, a task for the policy's assignee (the agency owner when the term
 * has none) due in one business day, linked to the policy so it shows on the customer's timeline,
 * and the assignee's notice (bell and digest) — one transaction.
 */
export async function createChangeRequest(db: Connection, client: Client, input: z.output<typeof changeRequestSchema>): Promise<PortalRequest> {
  return clientTenant(db, client).transaction(async (t) => {
    const policy = await clientPolicy(t, client, input.policy_id);
    const assigneeId = policy.assigneeId ?? client.agency.ownerId;
    const title = `Client request: ${CHANGE_KIND_LABEL[input.kind]} (${policy.policyNumber})`;
    const description = `${client.customerName} asked through the client portal:\n\n${input.details}`;
    const [task] = await t
      .insert(tasks, { title, description, dueAt: dueAfterBusinessDays(now(), client.agency.timeZone), priority: 'normal', assigneeId, policyId: policy.id })
      .returning();
    const [row] = await t
      .insert(portalRequests, { customerId: client.customerId, policyId: policy.id, taskId: task.id, kind: input.kind, details: input.details })
      .returning();
    // no user made it: the client did (the activity line says so); the agency's plan decides the webhooks
    const by = { userId: null, agency: { tier: client.agency.tier } };
    await emit(t, by, { type: 'task.created', entityId: task.id, summary: `${client.customerName} asked through the client portal: "${title}"`, data: apiTaskOf(t, task.id, client.agency.timeZone) });
    await emit(t, by, { type: 'task.assigned', entityId: task.id, assigneeId, title, at: task.updatedAt.toISOString() });
    await portalRequestsChanged(t, by, 'created', [row.id]);
    return toRequest(row, policy.policyNumber);
  });
}
