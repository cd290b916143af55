// The spec's guard order: Loading... → login with return path → Profile not found →
// Access Denied → Upgrade Required → Permission Denied → content. The rules are src/shared/access.ts.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { ACCESS_TEXT, checkAccess, type Requirement } from '#shared/access.ts';
import { featureNeed, type Feature } from '#shared/features.ts';
import { TIER_LABEL, isTier } from '#shared/tiers.ts';
import { Button } from '../components/ui/button.tsx';
import { accessSubjectOf, useSession, useSignOut } from '../lib/session.ts';
import { FramePending } from './frame-pending.tsx';

function GuardScreen({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="max-w-md text-center">
        <ShieldAlert className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        {action ? <div className="mt-6 flex justify-center gap-2">{action}</div> : null}
      </div>
    </div>
  );
}

export function RequireAccess({ need = {}, children }: { need?: Requirement; children: ReactNode }) {
  const { data: session, isPending, isError } = useSession();
  const location = useLocation();
  const signOut = useSignOut();
  // the frame the server sent for this page, or a spinner (decision 075)
  if (isPending) return <FramePending />;
  if (!isError && !session) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  if (!session?.profile) {
    return (
      <GuardScreen
        title="Profile not found"
        message={ACCESS_TEXT.profileNotFound}
        action={
          <Button onClick={() => signOut.mutate(undefined, { onSettled: () => (window.location.href = '/login') })}>Go to Login</Button>
        }
      />
    );
  }
  const denial = checkAccess(accessSubjectOf(session), need);
  if (denial?.kind === 'role')
    return <GuardScreen title="Access Denied" message={ACCESS_TEXT.roleDenied(denial.role)} action={<BackToDashboard />} />;
  if (denial?.kind === 'agencyRole')
    return <GuardScreen title="Access Denied" message={ACCESS_TEXT.agencyRoleDenied(denial.agencyRoles)} action={<BackToDashboard />} />;
  if (denial?.kind === 'tier') {
    const current = session.agency?.tier ?? session.profile.effective_tier;
    return (
      <GuardScreen
        title="Upgrade Required"
        message={ACCESS_TEXT.tierDenied(denial.tier, current)}
        action={
          <>
            <Button asChild>
              <Link to={`/dashboard/subscription/upgrade?tier=${denial.tier}`}>
                Upgrade to {isTier(denial.tier) ? TIER_LABEL[denial.tier] : denial.tier}
              </Link>
            </Button>
            <BackToDashboard />
          </>
        }
      />
    );
  }
  if (denial?.kind === 'permission')
    return <GuardScreen title="Permission Denied" message={ACCESS_TEXT.permissionDenied(denial.permission)} action={<BackToDashboard />} />;
  return <>{children}</>;
}

/** A page behind a feature of the feature map: the guard screens (Upgrade Required …) until it may be used. */
export function FeatureGate({ feature, children }: { feature: Feature; children: ReactNode }) {
  return <RequireAccess need={featureNeed(feature)}>{children}</RequireAccess>;
}

function BackToDashboard() {
  return (
    <Button variant="outline" asChild>
      <Link to="/dashboard">Return to Dashboard</Link>
    </Button>
  );
}
