// Days left in a trial with an upgrade link, and why the plan fell back once the trial ended.
import { Link } from 'react-router';
import { Clock, AlertTriangle } from 'lucide-react';
import { PAYMENT_TEXT } from '#shared/payments-text.ts';
import { TIER_LABEL, isTier, trialDaysLeft } from '#shared/tiers.ts';
import { useSession } from '#web/lib/session.ts';

export function TrialBanner() {
  const { data: session } = useSession();
  const profile = session?.profile;
  if (!profile || profile.role === 'super_admin') return null;
  const plan = isTier(profile.subscription_tier) ? TIER_LABEL[profile.subscription_tier] : profile.subscription_tier;
  const upgradeHref = `/dashboard/subscription/upgrade?tier=${profile.subscription_tier}`;
  if (profile.subscription_status === 'trialing' && profile.effective_tier !== 'starter') {
    const days = trialDaysLeft(profile.trial_ends_at);
    return (
      <div role="status" className="flex flex-wrap items-center justify-between gap-2 border-b border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900 sm:px-6">
        <span className="flex items-center gap-2">
          <Clock className="h-4 w-4 shrink-0" aria-hidden />
          {days === 1 ? '1 day' : `${days} days`} left in your {plan} trial.
        </span>
        <Link to={upgradeHref} className="font-semibold underline underline-offset-2 hover:text-blue-700">
          Upgrade now
        </Link>
      </div>
    );
  }
  const lapsed =
    profile.subscription_status === 'expired' || (profile.subscription_status === 'trialing' && profile.effective_tier === 'starter');
  if (lapsed && profile.subscription_tier !== 'starter') {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6">
        <span className="flex items-center gap-2">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
          {PAYMENT_TEXT.trialEnded}
        </span>
        <Link to={upgradeHref} className="font-semibold underline underline-offset-2 hover:text-amber-700">
          Upgrade to {plan}
        </Link>
      </div>
    );
  }
  return null;
}
