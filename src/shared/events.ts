// Domain events (issue 28 §2, decision 049): the one typed list of what happens in an agency's book.
// A write emits one inside its transaction; the activity log, webhooks, notifications and the API
// keys subscribe to the ones they care about, so the writing feature never imports them. The names
// of the events a webhook can carry are the webhook event names (#shared/webhooks.ts), 1:1.
import type { AuditAction } from './audit.ts';
import type { CommissionReconciled, Statement } from './commissions.ts';
import type { Communication, Customer } from './customers.ts';
import type { ApiDocument } from './documents.ts';
import type { Opportunity } from './pipeline.ts';
import type { PremiumPayment } from './premium-payments.ts';
import type { ApiPortalRequest } from './portal.ts';
import type { ApiCommissionOverride, ApiCommissionRate } from './commission-api.ts';
import type { PolicyDetail } from './policies.ts';
import type { SignInOutcome } from './settings.ts';
import type { ApiTask } from './tasks.ts';
import type { WebhookEvent } from './webhooks.ts';

/** A payload, or a function that reads it: only called when a subscriber needs it (an endpoint listens). */
export type Lazy<T> = T | (() => Promise<T>);

/** An assignment the assignee is told of: who, and the moment it changed hands (one event, one notice). */
interface Assigned {
  assigneeId: string;
  /** ISO time of the change: part of the notice's de-duplication key */
  at: string;
}

/**
 * A privileged action the super admin's audit log keeps (issue 16): every action of `AUDIT_ACTIONS` is
 * an event of that name, which the audit log subscribes to (the writing feature never imports it).
 * The actor's id is the event's `by`; the e-mail and address are kept as they were at the time.
 */
export interface Audited {
  actorEmail: string | null;
  ip: string | null;
  targetType: 'user' | 'payment_submission' | 'sign_in' | 'platform_settings' | (string & {});
  targetId?: string | null;
  /** what a reader recognises the target by at the time (e-mail, slug, title) */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}
type AuditEventPayloads = { [K in AuditAction]: Audited };
export type AuditEventType = AuditAction;

/** The payload of each event, by type. `{}`: the event carries only the fields every event has. */
export interface DomainEventPayloads extends AuditEventPayloads {
  'customer.created': { data: Lazy<Customer> };
  'customer.updated': { data: Lazy<Customer> };
  'customer.deleted': { data: Lazy<Customer> };
  /** emitted before a customer's row goes, in its transaction: what hangs on it is put away first (documents to the Trash) */
  'customer.deleting': { customerId: string };
  /** after customer.updated when the name changed: the rows that show it (tasks, opportunities, documents) change too */
  'customer.renamed': { customerId: string };
  /** the same before a policy's row goes */
  'policy.deleting': { policyId: string };
  /** after policy.updated when its number changed: the rows that show it (tasks, documents) change too */
  'policy.renumbered': { policyId: string };
  /** a member changed their name (in each agency they belong to): the rows that show it as assignee (policies, tasks, opportunities) change too */
  'member.renamed': { userId: string };
  /** an account is being deleted (before its row goes), in each other agency where it wrote: its log entries, premium payments, stage moves and uploads lose their author */
  'author.deleting': { userId: string };
  'policy.created': { data: Lazy<PolicyDetail> };
  'policy.updated': { data: Lazy<PolicyDetail> };
  'policy.deleted': { data: Lazy<PolicyDetail> };
  /** the new term (its renewed_from_id names the old one); its creation also sent policy.created */
  'policy.renewed': { data: Lazy<PolicyDetail> };
  'policy.assigned': Assigned & { policyNumber: string; customerName: string };
  /** a bulk action's assignment, told once for the whole action */
  'policy.bulk_assigned': { assigneeId: string; bulkId: string; count: number };
  /** a contact with the customer: their open renewals move to Contacted (renewals subscribes) */
  'communication.created': { customerId: string; communicationId: string; data: Lazy<Communication> };
  /** an entry's answer changed (the log itself is append-only): its author renamed themselves (decision 083) */
  'communication.updated': { customerId: string; communicationId: string; data: Lazy<Communication> };
  /** an entry gone with its customer (the log itself is append-only): the change feed's tombstone */
  'communication.deleted': { customerId: string; communicationId: string; data: Lazy<Communication> };
  /** data: the task as /api/v1 answers it (read before the row goes, for task.deleted) */
  'task.created': { data: Lazy<ApiTask> };
  'task.updated': { data: Lazy<ApiTask> };
  'task.deleted': { data: Lazy<ApiTask> };
  'task.assigned': Assigned & { title: string };
  /** data: the opportunity as /api/v1 answers it; a stage move is one opportunity.updated */
  'opportunity.created': { data: Lazy<Opportunity> };
  'opportunity.updated': { data: Lazy<Opportunity> };
  'opportunity.deleted': { data: Lazy<Opportunity> };
  'opportunity.assigned': Assigned & { label: string };
  /** data: the document as /api/v1 answers it; an upload, the portal's included (from_client), or a signed copy stored */
  'document.created': { data: Lazy<ApiDocument> };
  /** renamed, moved or restored from the Trash (the activity log's verb) */
  'document.updated': { data: Lazy<ApiDocument>; change: 'renamed' | 'moved' | 'restored' | 'customer_renamed' | 'policy_renumbered' | 'uploader_deleted' };
  /** put in the Trash (the /api/v1 list no longer shows it): data as it was */
  'document.deleted': { data: Lazy<ApiDocument> };
  'document.viewed': object;
  'document.downloaded': object;
  /** a client premium payment recorded (the form, /api/v1), or gone with its policy (data as it was) */
  'premium_payment.created': { data: Lazy<PremiumPayment> };
  /** a payment's own fields never change: its author renamed themselves (decision 083) */
  'premium_payment.updated': { data: Lazy<PremiumPayment> };
  'premium_payment.deleted': { data: Lazy<PremiumPayment> };
  /** a client portal change request as /api/v1 answers it: asked by the client, answered (state, reply), unlinked from its deleted policy */
  'portal_request.created': { data: Lazy<ApiPortalRequest> };
  'portal_request.updated': { data: Lazy<ApiPortalRequest> };
  /** gone with its customer (data as it was) */
  'portal_request.deleted': { data: Lazy<ApiPortalRequest> };
  'branding.updated': object;
  'branding.deleted': object;
  'bulk.applied': object;
  'bulk.undone': object;
  'api_key.created': object;
  'api_key.revoked': object;
  'webhook_endpoint.created': object;
  'webhook_endpoint.updated': object;
  'webhook_endpoint.deleted': object;
  /** the delivery worker turned a failing endpoint off; `recipients` are told */
  'webhook_endpoint.disabled': { url: string; since: string; recipients: string[] };
  'invitation.accepted': { invitedBy: string; email: string };
  'invitation.cancelled': object;
  /** emitted before a member's membership row goes, in its transaction: their assigned terms fall back to `ownerId` */
  'membership.ending': { userId: string; ownerId: string };
  /** a member left the agency (removed): what they held in it ends with the membership (decision 047) */
  'membership.ended': { userId: string; name: string };
  'membership.role_changed': { userId: string; name: string; from: string; to: string };
  /** an attempt to sign in with an e-mail and password, whatever came of it (no agency; the owner's sign-in history listens) */
  'sign_in.attempted': { email: string; ip: string | null; userAgent: string | null; outcome: SignInOutcome };
  /** the super admin decided a payment submission (the user's own, in no agency) */
  'payment.decided': { userId: string; submissionId: string; approved: boolean };
  /** the client portal (issue 32): a customer invited, or their access revoked */
  'portal.invited': object;
  'portal.revoked': object;
  /** a portal message; the client's tells `recipientId` (the bell), the agent's only the client (e-mail) */
  'portal.message': { customerId: string; customerName: string; fromClient: boolean; recipientId: string | null; messageId: string };
  /** signatures: the agent asks, reminds; the client signs or declines; the expiry job ends a request */
  'signature.requested': object;
  'signature.reminded': object;
  'signature.signed': { requestedBy: string | null; customerId: string; documentName: string; requestId: string };
  'signature.declined': { requestedBy: string | null; customerId: string; documentName: string; requestId: string };
  'signature.expired': object;
  /** issue 31: a carrier statement imported (its undo sends commission.reconciled only, never this again) */
  'statement.imported': { data: Statement };
  /** the amounts received against the book changed: once per import, undo, receipt or receipt deletion */
  'commission.reconciled': { data: CommissionReconciled };
  /** a schedule's rate (a rate never changes: created, or deleted with data as it was); by hand, or a schedules import and its undo */
  'commission_rate.created': { data: Lazy<ApiCommissionRate> };
  'commission_rate.deleted': { data: Lazy<ApiCommissionRate> };
  /** a policy's own rate set (created, or updated when it had one), removed or gone with its policy (deleted, data as it was) */
  'commission_override.created': { data: Lazy<ApiCommissionOverride> };
  'commission_override.updated': { data: Lazy<ApiCommissionOverride> };
  'commission_override.deleted': { data: Lazy<ApiCommissionOverride> };
}

export type EventType = keyof DomainEventPayloads;

/** Fields every event may carry. */
export interface EventBase {
  /** the row the change is about (the activity log's entity) */
  entityId?: string | null;
  /** the activity log's line; an event without one adds no line (its change is logged by another) */
  summary?: string;
}

/** The event of a type (of each type of a union: `EventOf<'a' | 'b'>` narrows on `type`). */
export type EventOf<K extends EventType> = K extends EventType ? { type: K } & EventBase & DomainEventPayloads[K] : never;
export type DomainEvent = EventOf<EventType>;

/** Every webhook event is a domain event of the same name (a type error here names the one missing). */
export type WebhookEventsAreDomainEvents = WebhookEvent extends EventType ? true : never;
export const WEBHOOK_EVENTS_ARE_DOMAIN_EVENTS: WebhookEventsAreDomainEvents = true;
