// A policy's writes (the form, Renew, /api/v1 and the import): create, update and delete, each one
// transaction through the tenant context. Its list is list.ts, its read read.ts, its answer decode.ts.
import { eq, ne } from 'drizzle-orm';
import { CHOSEN_STATUSES, POLICY_TEXT, type PolicyDetail, type PolicyValues } from '#shared/policies.ts';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import type { Actor } from '#server/context.ts';
import { customers, policies, user } from '#server/db/schema.ts';
import { derivePolicyStatus } from '#shared/policy-status.ts';
import { agencyTodayOf, refreshStoredStatus, statusOfRow } from '#server/platform/policy-status.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { assertUnderlyingPolicies, detailsOf, lineChangeSummary } from './lines.ts';
import { emit } from '#server/platform/events.ts';
import { insertCustomer } from '../customers.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { preparedInsert } from '#server/db/prepared.ts';
import { limitGuard, type LimitGuard } from '#server/platform/limits.ts';
import { idOr404, isUniqueViolation } from '#server/db/helpers.ts';
import { assertMember } from '#server/platform/team-membership.ts';
import { toPolicy } from './decode.ts';
import { readPolicy, readTermLink } from './read.ts';

/**
 * The spec's customer resolution: the chosen customer (of this agency, else 404); otherwise the
 * agency's customer with the policy's e-mail; otherwise a new Individual customer (within the limit),
 * made by the customer service's own create path, so parallel policies for one new e-mail share it.
 */
async function resolveCustomer(t: Tenant, actor: Actor, input: PolicyValues, limits?: LimitGuard, options: PolicyWriteOptions = {}): Promise<LinkedCustomer> {
  if (input.customer_id) {
    const [own] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.id, input.customer_id));
    if (!own) throw notFound(POLICY_TEXT.customerNotFound);
    return own;
  }
  if (options.newCustomerDenied) {
    // an API key without customers: write may link an existing customer, never create one (issue 26)
    const [existing] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.email, input.customer_email));
    if (existing) return existing;
    throw options.newCustomerDenied();
  }
  const guard = limits ?? (await limitGuard(t, actor));
  // Unlimited customers: insert … on conflict reads the existing one, so no lookup first.
  if (guard.limit('customers') !== null) {
    const [existing] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.email, input.customer_email));
    if (existing) return existing;
    await guard.assert('customers');
  }
  const { row } = await insertCustomer(
    t,
    actor,
    { name: input.customer_name, email: input.customer_email, phone: input.customer_phone, customerType: 'individual' },
    (name) => customerFromPolicySummary(name, input.policy_number),
  );
  return { id: row.id, name: row.name, email: row.email, phone: row.phone };
}

export interface PolicyWriteOptions {
  /** Set when the caller may not create customers: the error to throw instead of creating one. */
  newCustomerDenied?: () => Error;
}

const LINKED_CUSTOMER = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
type LinkedCustomer = { id: string; name: string; email: string; phone: string | null };

/** A new term's columns; its stored status is the rule's on `today` (a new term has no renewal or cancellation). */
export function policyColumns(input: PolicyValues, customerId: string, today: string) {
  const bound = input.status === 'active';
  return {
    customerId,
    policyNumber: input.policy_number,
    insuranceCompany: input.insurance_company,
    policyType: input.policy_type,
    customerName: input.customer_name,
    customerEmail: input.customer_email,
    customerPhone: input.customer_phone,
    premiumAmount: input.premium_amount,
    coverageAmount: input.coverage_amount,
    deductible: input.deductible,
    startDate: input.start_date,
    endDate: input.end_date,
    bound,
    status: derivePolicyStatus({ start_date: input.start_date, end_date: input.end_date, bound, cancel_effective_date: null, renewal_state: 'not_started' }, today),
    // only the chosen line's details (policyInputSchema leaves the others null)
    details: (input[`${input.policy_type}_details`] ?? null) as Record<string, unknown> | null,
  };
}

/** The columns a create sets (`policyColumns`, the creator, the assignee). */
const CREATED_POLICY_COLUMNS = [
  'createdBy',
  'assigneeId',
  'customerId',
  'policyNumber',
  'insuranceCompany',
  'policyType',
  'customerName',
  'customerEmail',
  'customerPhone',
  'premiumAmount',
  'coverageAmount',
  'deductible',
  'startDate',
  'endDate',
  'bound',
  'status',
  'details',
] as const;

/** A create's inserts, built once and run as named prepared statements (decision 040). */
const policyInsert = preparedInsert('policy_create_v2', policies, CREATED_POLICY_COLUMNS);
function duplicateNumber() {
  return conflict(POLICY_TEXT.duplicateNumber, 'DUPLICATE_POLICY_NUMBER', { policy_number: POLICY_TEXT.duplicateNumber });
}

async function assertNumberFree(t: Tenant, policyNumber: string, exceptId?: string) {
  const [taken] = await t
    .select({ id: policies.id })
    .from(policies, eq(policies.policyNumber, policyNumber), exceptId ? ne(policies.id, exceptId) : undefined);
  if (taken) throw duplicateNumber();
}

async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'policies_agency_number_uq')) throw duplicateNumber();
    throw err;
  }
}

/** What only a renewal sets on the new term. */
export interface TermLinkage {
  renewedFromId: string;
  remarket: boolean;
}

/** The activity line of a created policy (the form, the API and an import's batch all write it). */
export const policyCreatedSummary = (input: Pick<PolicyValues, 'policy_type' | 'policy_number' | 'customer_name'>) =>
  `Created ${input.policy_type} policy ${input.policy_number} for ${input.customer_name}`;

/** The activity line of a customer created for a policy's new e-mail. */
export const customerFromPolicySummary = (name: string, policyNumber: string) => `Created customer ${name} (from policy ${policyNumber})`;

/**
 * The one create path (the form and Renew): limit, unique number, customer, row, details, activity.
 * Runs inside the caller's transaction.
 */
export async function insertPolicy(t: Tenant, actor: Actor, input: PolicyValues, linkage?: TermLinkage): Promise<string> {
  return (await insertPolicyDetail(t, actor, input, linkage)).id;
}

/**
 * The create path's statements: the plan's limits (read with the identity; the lock and counts only
 * on a limited plan), the assignee check when one is chosen, the customer, the policy and its details
 * inserted with RETURNING, the activity rows (one statement at the transaction's end). The policy
 * number's uniqueness is the unique index's job (a violation rolls the transaction back and answers
 * 409), and the answer is built from what the inserts returned: nothing is read again (issue 17).
 */
async function insertPolicyDetail(t: Tenant, actor: Actor, input: PolicyValues, linkage?: TermLinkage, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  const limits = await limitGuard(t, actor);
  await limits.assert('policies');
  const assigneeId = input.assignee_id ?? actor.userId;
  const assignee = input.assignee_id
    ? await assertMember(t, input.assignee_id, RENEWAL_TEXT.notMember)
    : { first: `${actor.firstName} ${actor.lastName}`.trim() || null, name: null };
  if (!(CHOSEN_STATUSES as readonly string[]).includes(input.status)) throw badRequest(POLICY_TEXT.statusChoice, { status: POLICY_TEXT.statusChoice });
  const customer = await resolveCustomer(t, actor, input, limits, options);
  await assertUnderlyingPolicies(t, input, customer.id);
  const today = agencyTodayOf(actor);
  const values = { createdBy: actor.userId, ...policyColumns(input, customer.id, today), assigneeId };
  // a renewal's term also sets its linkage: built per run; a plain create runs the prepared insert
  const [row] = linkage ? await t.insert(policies, { ...values, ...linkage }).returning() : await t.write(policyInsert, values);
  const summary = linkage ? `Renewed policy as ${input.policy_number} for ${input.customer_name}` : policyCreatedSummary(input);
  // The account name is shown only for a member without first and last name (rare): read it then.
  if (!assignee.first && !assignee.name) {
    const [named] = await crossAgency(t, 'the user row is no agency’s').select({ name: user.name }).from(user).where(eq(user.id, assigneeId));
    assignee.name = named?.name ?? null;
  }
  const previous = linkage ? await readTermLink(t, 'previous', linkage.renewedFromId) : null;
  const detail: PolicyDetail = { ...toPolicy(row, assignee, today), previous_term: previous, next_term: null, ...detailsOf(row.policyType, row.details), customer };
  await emit(t, actor, { type: 'policy.created', entityId: row.id, summary, data: detail });
  return detail;
}

export async function createPolicy(db: Connection, actor: Actor, input: PolicyValues, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  return mapUnique(() => tenant(db, actor).transaction((t) => insertPolicyDetail(t, actor, input, undefined, options)));
}

export { mapUnique };

export async function updatePolicy(db: Connection, actor: Actor, rawId: string, input: PolicyValues, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  const id = idOr404(rawId, POLICY_TEXT.notFound);
  return mapUnique(() =>
    tenant(db, actor).transaction(async (t) => {
      const [current] = await t
        .select({
          id: policies.id,
          policyNumber: policies.policyNumber,
          policyType: policies.policyType,
          details: policies.details,
          startDate: policies.startDate,
          endDate: policies.endDate,
          bound: policies.bound,
          cancelEffectiveDate: policies.cancelEffectiveDate,
          renewalState: policies.renewalState,
        })
        .from(policies, eq(policies.id, id))
        .for('update');
      if (!current) throw notFound(POLICY_TEXT.notFound);
      const today = agencyTodayOf(actor);
      // a status the rule decides is the agent's current choice only as what the term shows now (a read sent back)
      if (!(CHOSEN_STATUSES as readonly string[]).includes(input.status)) {
        if (input.status !== statusOfRow(current, today)) throw badRequest(POLICY_TEXT.statusChoice, { status: POLICY_TEXT.statusChoice });
        input = { ...input, status: current.bound ? 'active' : 'pending' };
      }
      await assertNumberFree(t, input.policy_number, id);
      if (input.assignee_id) await assertMember(t, input.assignee_id, RENEWAL_TEXT.notMember);
      const customerId = (await resolveCustomer(t, actor, input, undefined, options)).id;
      await assertUnderlyingPolicies(t, input, customerId, id);
      const assignee = input.assignee_id ? { assigneeId: input.assignee_id } : {};
      // the term keeps its renewal and cancellation: the stored status is the rule's on them and the new dates
      const columns = policyColumns(input, customerId, today);
      const status = statusOfRow({ ...columns, cancelEffectiveDate: current.cancelEffectiveDate, renewalState: current.renewalState }, today);
      await t.update(policies, { ...columns, status, ...assignee, updatedAt: new Date() }, eq(policies.id, id));
      const detail = await readPolicy(t, id, today);
      // a change of line drops the old details from the policy: the activity line keeps them
      const summary = `Updated policy ${input.policy_number} for ${input.customer_name}${lineChangeSummary(current, input.policy_type)}`;
      await emit(t, actor, { type: 'policy.updated', entityId: id, summary, data: detail });
      // tasks and documents show the policy's number: their answers change with it
      if (current.policyNumber !== detail.policy_number) await emit(t, actor, { type: 'policy.renumbered', entityId: id, policyId: id });
      return detail;
    }),
  );
}

export async function deletePolicy(db: Connection, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, POLICY_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    // Read while it still exists (the webhooks' payload); a missing policy is a 404 here.
    const before = await readPolicy(t, id, agencyTodayOf(actor));
    // its documents go to the Trash first (documents/subscribe.ts; the delete then unlinks them): restorable, purged with their bytes
    await emit(t, actor, { type: 'policy.deleting', entityId: id, policyId: id });
    // its next term loses the link before the row goes (the foreign key would null it unseen): a change of that term
    const detached = await t.update(policies, { renewedFromId: null, updatedAt: new Date() }, eq(policies.renewedFromId, id)).returning({ id: policies.id });
    const [gone] = await t
      .delete(policies, eq(policies.id, id))
      .returning({ number: policies.policyNumber, customerName: policies.customerName, renewedFromId: policies.renewedFromId });
    if (!gone) throw notFound(POLICY_TEXT.notFound);
    await emit(t, actor, { type: 'policy.deleted', entityId: id, summary: `Deleted policy ${gone.number} of ${gone.customerName}`, data: before });
    for (const next of detached) await emit(t, actor, { type: 'policy.updated', entityId: next.id, data: () => readPolicy(t, next.id) });
    // Deleting a renewal reopens the term it renewed, so that term is not renewed without a successor.
    if (gone.renewedFromId) {
      const [reopened] = await t
        .update(policies, { renewalState: 'not_started', remarket: false, updatedAt: new Date() }, eq(policies.id, gone.renewedFromId), eq(policies.renewalState, 'renewed'))
        .returning({ id: policies.id });
      await refreshStoredStatus(t, agencyTodayOf(actor), eq(policies.id, gone.renewedFromId));
      // the reopened term is a change of its own (pollers, the change feed and webhooks see it)
      if (reopened) await emit(t, actor, { type: 'policy.updated', entityId: reopened.id, data: () => readPolicy(t, reopened.id) });
    }
  });
}
