// A policy's status badge, apart from the other badges (badges.tsx) so the policies list's first
// load carries only this one (issue 33).
import { displayStatus, POLICY_STATUS_LABEL, type PolicyStatus } from '#shared/policies-text.ts';
import { Badge, type BadgeTone } from './ui/badge.tsx';

/** active green, pending yellow, expired orange, renewed blue, lost gray, cancelled red; unknown → pending. */
export const STATUS_TONE: Record<PolicyStatus, BadgeTone> = { active: 'green', pending: 'yellow', expired: 'orange', renewed: 'blue', lost: 'gray', cancelled: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const known = displayStatus(status);
  return <Badge tone={STATUS_TONE[known]}>{POLICY_STATUS_LABEL[known]}</Badge>;
}
