// Layout routes behind the guards, in their own lazily loaded chunk: the route table (in the entry)
// names them, and public pages never download the guards or the access rules.
import { Navigate, Outlet } from 'react-router';
import { AdminTwoFactorNotice } from '../features/admin/two-factor-notice.tsx';
import { QueryProvider } from '#web/lib/query.tsx';
import { FeatureGate, RequireAccess } from './guards.tsx';

/** A plan belongs to the agency's owner; a member working in someone else's agency is turned away. */
export function OwnerOnlyLayout() {
  return (
    <RequireAccess need={{ agencyRoles: ['owner'] }}>
      <Outlet />
    </RequireAccess>
  );
}

export function AdminLayout() {
  return (
    <RequireAccess need={{ role: 'admin' }}>
      <AdminTwoFactorNotice />
      <Outlet />
    </RequireAccess>
  );
}

export function SuperAdminLayout() {
  return (
    <RequireAccess need={{ role: 'super_admin' }}>
      <AdminTwoFactorNotice />
      <Outlet />
    </RequireAccess>
  );
}

/** The printable pages: signed in, but without the sidebar and header. */
export function PrintLayout() {
  return (
    <QueryProvider>
      <RequireAccess>
        <Outlet />
      </RequireAccess>
    </QueryProvider>
  );
}

/** /dashboard/crm opens the CRM's default tab, My tasks (Business and above). */
export function CrmHome() {
  return (
    <FeatureGate feature="crm">
      <Navigate to="/dashboard/crm/tasks" replace />
    </FeatureGate>
  );
}
