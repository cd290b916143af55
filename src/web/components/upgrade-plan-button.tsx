import { Link } from 'react-router';
import { isOnTopPlan, TOP_PLAN_TEXT } from '#shared/tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSession } from '#web/lib/session.ts';

/**
 * "Upgrade Plan", except on the top plan: there it says so and opens the billing history instead,
 * so an Enterprise agency is never urged to upgrade.
 */
export function UpgradePlanButton({ className }: { className?: string }) {
  const { data: session } = useSession();
  if (isOnTopPlan(session?.agency?.tier, session?.profile.subscription_status))
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">{TOP_PLAN_TEXT.short}</p>
        <Button asChild variant="outline" className={className}>
          <Link to="/dashboard/subscription/history">{TOP_PLAN_TEXT.billing}</Link>
        </Button>
      </div>
    );
  return (
    <Button asChild className={className}>
      <Link to="/dashboard/subscription/upgrade">Upgrade Plan</Link>
    </Button>
  );
}
