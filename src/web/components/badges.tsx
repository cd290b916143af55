// Status badges shared by the book of business and billing pages.
import type { SubmissionStatus } from '#shared/payments-text.ts';
import { REMARKET_LABEL, RENEWAL_STATE_LABEL, type RenewalState } from '#shared/renewal-states.ts';
import { Badge, type BadgeTone } from './ui/badge.tsx';

// a policy's status badge is its own file: the policies list loads it without the others
export { STATUS_TONE, StatusBadge } from './status-badge.tsx';

const TONE: Record<SubmissionStatus, BadgeTone> = { Pending: 'yellow', 'Under Review': 'blue', Approved: 'green', Rejected: 'red' };

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={TONE[status] ?? 'gray'}>{status}</Badge>;
}


const STATE_TONE: Record<RenewalState, BadgeTone> = { not_started: 'gray', contacted: 'blue', quoted: 'purple', renewed: 'green', lost: 'red' };

export function RenewalStateBadge({ state }: { state: RenewalState }) {
  return <Badge tone={STATE_TONE[state]}>{RENEWAL_STATE_LABEL[state]}</Badge>;
}

export function RemarketBadge() {
  return <Badge tone="orange">{REMARKET_LABEL}</Badge>;
}
