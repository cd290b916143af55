import type { SubmissionStatus } from '#shared/payments.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';

const TONE: Record<SubmissionStatus, BadgeTone> = { Pending: 'yellow', 'Under Review': 'blue', Approved: 'green', Rejected: 'red' };

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={TONE[status] ?? 'gray'}>{status}</Badge>;
}
