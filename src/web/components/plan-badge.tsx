import { isRole, ROLE_LABEL } from '#shared/roles.ts';
import { isTier, TIER_LABEL, type Tier } from '#shared/tiers.ts';
import { Badge, type BadgeTone } from './ui/badge.tsx';

/** starter grey, professional blue, business purple, enterprise bold yellow; unknown → starter style. */
export const PLAN_TONE: Record<Tier, BadgeTone> = { starter: 'gray', professional: 'blue', business: 'purple', enterprise: 'gold' };

export function PlanBadge({ tier, className }: { tier: string | null | undefined; className?: string }) {
  const known = isTier(tier) ? tier : null;
  return (
    <Badge tone={known ? PLAN_TONE[known] : 'gray'} className={className}>
      {known ? TIER_LABEL[known] : tier || 'Starter'}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: string }) {
  const tone: BadgeTone = role === 'super_admin' ? 'red' : role === 'admin' ? 'orange' : 'gray';
  return <Badge tone={tone}>{isRole(role) ? ROLE_LABEL[role] : role}</Badge>;
}
