// /admin/users: search, role and tier filters, inline role and tier selects, manage_team, delete.
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Search, Trash2 } from 'lucide-react';
import { ADMIN_TEXT, planOrPermissionBlock, type AdminUserRow } from '#shared/admin.ts';
import { ACCOUNT_ROLES, ROLE_LABEL, ROLE_RANK } from '#shared/roles.ts';
import { TIERS, TIER_LABEL } from '#shared/tiers.ts';
import { formatDay } from '#shared/format-date.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useSession } from '../auth/session.ts';
import { useAdminUsers, useDeleteUser, useSetPermission, useUpdateUser } from './queries.ts';

const fullName = (u: AdminUserRow) => `${u.first_name} ${u.last_name}`.trim() || u.email;

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

export function AdminUsersPage() {
  const { data: session } = useSession();
  const me = session?.profile;
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim());
  const [role, setRole] = useState('all');
  const [tier, setTier] = useState('all');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [search, role, tier]);
  const users = useAdminUsers({ page, search, role, tier });
  const update = useUpdateUser();
  const setPermission = useSetPermission();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<AdminUserRow | null>(null);

  const isSuper = me?.role === 'super_admin';
  const canManage = (u: AdminUserRow) => u.id !== me?.id && (isSuper || ROLE_RANK[u.role] < ROLE_RANK.admin);

  function changeRole(u: AdminUserRow, value: string) {
    update.mutate(
      { id: u.id, body: { role: value } },
      {
        onSuccess: () => notify.success(ADMIN_TEXT.roleUpdated, `${fullName(u)} is now ${ROLE_LABEL[value as keyof typeof ROLE_LABEL]}.`),
        onError: (err) => notify.error(ADMIN_TEXT.roleFailed, errorMessage(err)),
      },
    );
  }
  function changeTier(u: AdminUserRow, value: string) {
    update.mutate(
      { id: u.id, body: { subscription_tier: value } },
      {
        onSuccess: () => notify.success(ADMIN_TEXT.tierUpdated, `${fullName(u)} now has the ${TIER_LABEL[value as keyof typeof TIER_LABEL]} plan.`),
        onError: (err) => notify.error(ADMIN_TEXT.tierFailed, errorMessage(err)),
      },
    );
  }
  function toggleTeam(u: AdminUserRow, granted: boolean) {
    setPermission.mutate(
      { id: u.id, permission: 'manage_team', granted },
      {
        onSuccess: () => notify.success(granted ? ADMIN_TEXT.permissionGranted : ADMIN_TEXT.permissionRevoked, `manage_team for ${fullName(u)}.`),
        onError: (err) => notify.error(ADMIN_TEXT.permissionFailed, errorMessage(err)),
      },
    );
  }
  function confirmDelete() {
    if (!toDelete) return;
    const u = toDelete;
    remove.mutate(u.id, {
      onSuccess: () => {
        notify.success(ADMIN_TEXT.userDeleted, `${fullName(u)} (${u.email}) was deleted.`);
        setToDelete(null);
      },
      onError: (err) => {
        notify.error(ADMIN_TEXT.deleteFailed, errorMessage(err));
        setToDelete(null);
      },
    });
  }

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">User Management</h1>
        <p className="mt-1 text-slate-600">Search users, change their role or plan, grant team management, or delete accounts.</p>
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="relative">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            id="user-search"
            type="search"
            placeholder="Search by name, email or company"
            className="pl-9"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="role-filter" className="sr-only">
            Filter by role
          </label>
          <Select id="role-filter" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="all">All roles</option>
            {ACCOUNT_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="tier-filter" className="sr-only">
            Filter by plan
          </label>
          <Select id="tier-filter" value={tier} onChange={(e) => setTier(e.target.value)}>
            <option value="all">All plans</option>
            {TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABEL[t]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <Card className="overflow-hidden">
        {users.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading users" />
          </div>
        ) : users.isError ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            Error loading users: {errorMessage(users.error)}
          </p>
        ) : data && data.rows.length === 0 ? (
          <p className="p-10 text-center text-slate-600">No users match your search.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[760px] text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3">User</th>
                  <th scope="col" className="px-4 py-3">Role</th>
                  <th scope="col" className="px-4 py-3">Plan</th>
                  <th scope="col" className="px-4 py-3">Team</th>
                  <th scope="col" className="px-4 py-3">Joined</th>
                  <th scope="col" className="px-4 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data?.rows.map((u) => {
                  const manageable = canManage(u);
                  const name = fullName(u);
                  const actor = { id: me?.id ?? '', role: me?.role ?? '' };
                  const planBlock = planOrPermissionBlock(actor, u, 'plan');
                  const teamBlock = planOrPermissionBlock(actor, u, 'permissions');
                  return (
                    <tr key={u.id} data-testid="user-row">
                      <td className="px-4 py-3">
                        <p className="font-medium text-slate-900">
                          {name}
                          {u.id === me?.id ? <span className="ml-1 text-xs font-normal text-slate-500">(you)</span> : null}
                        </p>
                        <p className="text-slate-600">{u.email}</p>
                        {u.company ? <p className="text-xs text-slate-500">{u.company}</p> : null}
                      </td>
                      <td className="px-4 py-3">
                        <Select
                          aria-label={`Role of ${name}`}
                          className="h-9 w-36"
                          value={u.role}
                          disabled={!manageable || update.isPending}
                          onChange={(e) => changeRole(u, e.target.value)}
                        >
                          {ACCOUNT_ROLES.map((r) => (
                            <option key={r} value={r} disabled={!isSuper && ROLE_RANK[r] >= ROLE_RANK.admin && r !== u.role}>
                              {ROLE_LABEL[r]}
                            </option>
                          ))}
                        </Select>
                      </td>
                      <td className="px-4 py-3">
                        <Select
                          aria-label={`Plan of ${name}`}
                          className="h-9 w-36"
                          value={u.subscription_tier}
                          disabled={planBlock !== null || update.isPending}
                          title={planBlock ?? undefined}
                          aria-describedby={planBlock ? `plan-block-${u.id}` : undefined}
                          onChange={(e) => changeTier(u, e.target.value)}
                        >
                          {TIERS.map((t) => (
                            <option key={t} value={t}>
                              {TIER_LABEL[t]}
                            </option>
                          ))}
                        </Select>
                        {planBlock ? (
                          <p id={`plan-block-${u.id}`} className="mt-1 max-w-[9rem] text-xs text-slate-500">
                            {planBlock}
                          </p>
                        ) : null}
                        {u.subscription_status !== 'active' ? (
                          <p className="mt-1 text-xs text-slate-500">
                            {u.subscription_status === 'trialing' && u.effective_tier !== 'starter' ? 'Trial' : 'Trial ended'}
                          </p>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">
                        <label className="flex items-center gap-2 text-slate-700">
                          <Checkbox
                            aria-label={`Manage team for ${name}`}
                            checked={u.permissions.includes('manage_team')}
                            disabled={teamBlock !== null || setPermission.isPending}
                            title={teamBlock ?? undefined}
                            aria-describedby={teamBlock ? `team-block-${u.id}` : undefined}
                            onCheckedChange={(v) => toggleTeam(u, v === true)}
                          />
                          <span className="text-xs">manage_team</span>
                        </label>
                        {teamBlock ? (
                          <p id={`team-block-${u.id}`} className="mt-1 max-w-[9rem] text-xs text-slate-500">
                            {teamBlock}
                          </p>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDay(u.created_at)}</td>
                      <td className="px-4 py-3 text-right">
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50"
                          aria-label={`Delete ${name}`}
                          disabled={!manageable}
                          onClick={() => setToDelete(u)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                          Delete
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
            <span>
              {data.total} {data.total === 1 ? 'user' : 'users'} · page {data.page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete ${fullName(toDelete)}?` : 'Delete user?'}
        description={
          toDelete
            ? `This permanently deletes ${fullName(toDelete)} (${toDelete.email}): their sign-in, their agency and all the data they own. This cannot be undone.`
            : ''
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete user'}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
