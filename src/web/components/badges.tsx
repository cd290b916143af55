// Status badges shared by the book of business and billing pages.
import type { SubmissionStatus } from '#shared/payments-text.ts';
import { REMARKET_LABEL, RENEWAL_STATE_LABEL, type RenewalState } from '#shared/renewal-states.ts';
import { displayStatus, POLICY_STATUS_LABEL, type PolicyStatus } from '#shared/policies-text.ts';
import { Badge, type BadgeTone } from './ui/badge.tsx';

const TONE: Record<SubmissionStatus, BadgeTone> = { Pending: 'yellow', 'Under Review': 'blue', Approved: 'green', Rejected: 'red' };

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={TONE[status] ?? 'gray'}>{status}</Badge>;
}

/** active green, pending yellow, expired orange, renewed blue, lost gray, cancelled red; unknown → pending. */
export const STATUS_TONE: Record<PolicyStatus, BadgeTone> = { active: 'green', pending: 'yellow', expired: 'orange', renewed: 'blue', lost: 'gray', cancelled: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const known = displayStatus(status);
  return <Badge tone={STATUS_TONE[known]}>{POLICY_STATUS_LABEL[known]}</Badge>;
}

const STATE_TONE: Record<RenewalState, BadgeTone> = { not_started: 'gray', contacted: 'blue', quoted: 'purple', renewed: 'green', lost: 'red' };

export function RenewalStateBadge({ state }: { state: RenewalState }) {
  return <Badge tone={STATE_TONE[state]}>{RENEWAL_STATE_LABEL[state]}</Badge>;
}

export function RemarketBadge() {
  return <Badge tone="orange">{REMARKET_LABEL}</Badge>;
}
