// The brand link and the sidebar's footer: drawn by the desktop sidebar and by the phone drawer.
import { Link } from 'react-router';
import { DEFAULT_BRAND } from '#shared/branding-text.ts';
import { BrandMark } from '../components/brand-mark.tsx';
import { PlanBadge } from '../components/plan-badge.tsx';
import { useBrand } from '../lib/brand.ts';
import type { Session } from '../lib/session.ts';

/** The agency's white label (logo, name) when it has one and its plan includes it; PolicyDesk's otherwise. */
export function Brand() {
  const brand = useBrand();
  return (
    <Link to="/dashboard" className="flex min-w-0 items-center" aria-label={`${brand?.name ?? DEFAULT_BRAND.name}, dashboard`}>
      <BrandMark brand={brand} />
    </Link>
  );
}

export function SidebarFooter({ session }: { session: Session }) {
  return (
    <div className="border-t border-slate-200 p-4 text-sm">
      <p className="truncate font-medium text-slate-900">{session.agency?.name}</p>
      <div className="mt-1 flex items-center gap-2 text-slate-600">
        Plan <PlanBadge tier={session.agency?.tier ?? session.profile.effective_tier} />
      </div>
    </div>
  );
}
