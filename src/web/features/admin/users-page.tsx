// /admin/users: search, role and tier filters, inline role and tier selects, manage_team, delete.
import { useState } from 'react';
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { ADMIN_TEXT, adminUserQuerySchema, planOrPermissionBlock, type AdminUserQuery, type AdminUserRow } from '#shared/admin.ts';
import { ACCOUNT_ROLES, ROLE_LABEL, ROLE_RANK } from '#shared/roles.ts';
import { TIERS, TIER_LABEL } from '#shared/tiers.ts';
import { formatDay } from '#shared/format-date.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { SelectionBanner } from '#web/components/list-kit/selection-banner.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useSelection } from '#web/components/list-kit/use-selection.ts';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useSession } from '#web/lib/session.ts';
import { useAdminUsers, useDeleteUser, useSetPermission, useUpdateUser } from './queries.ts';

const fullName = (u: AdminUserRow) => `${u.first_name} ${u.last_name}`.trim() || u.email;

export function AdminUsersPage() {
  const { data: session } = useSession();
  const me = session?.profile;
  const { query, setQuery } = useListQuery(adminUserQuerySchema);
  const { page, role, tier } = query;
  const users = useAdminUsers(query);
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
  const rows = data?.rows ?? [];
  const selection = useSelection({ search: query.search, role, tier }, rows.map((u) => u.id), data?.total ?? 0);

  // What the server refuses is not offered: no one changes their own plan or permissions, and only
  // a super admin changes a super admin (the rule is shared with the server).
  const actorRef = { id: me?.id ?? '', role: me?.role ?? '' };
  const blockNote = (id: string, text: string | null) =>
    text ? (
      <p id={id} className="mt-1 max-w-[9rem] text-xs text-slate-500">
        {text}
      </p>
    ) : null;

  const columns: ListColumn<AdminUserRow>[] = [
    {
      id: 'user',
      header: 'User',
      sortKey: 'name',
      primary: true,
      cell: (u) => (
        <>
          <p className="font-medium text-slate-900">
            {fullName(u)}
            {u.id === me?.id ? <span className="ml-1 text-xs font-normal text-slate-500">(you)</span> : null}
          </p>
          <p className="font-normal text-slate-600">{u.email}</p>
          {u.company ? <p className="text-xs font-normal text-slate-500">{u.company}</p> : null}
        </>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (u) => (
        <Select
          aria-label={`Role of ${fullName(u)}`}
          className="h-9 w-36"
          value={u.role}
          disabled={!canManage(u) || update.isPending}
          onChange={(e) => changeRole(u, e.target.value)}
        >
          {ACCOUNT_ROLES.map((r) => (
            <option key={r} value={r} disabled={!isSuper && ROLE_RANK[r] >= ROLE_RANK.admin && r !== u.role}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
      ),
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (u) => {
        const planBlock = planOrPermissionBlock(actorRef, u, 'plan');
        return (
        <>
          <Select
            aria-label={`Plan of ${fullName(u)}`}
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
          {blockNote(`plan-block-${u.id}`, planBlock)}
          {u.subscription_status !== 'active' ? (
            <p className="mt-1 text-xs text-slate-500">{u.subscription_status === 'trialing' && u.effective_tier !== 'starter' ? 'Trial' : 'Trial ended'}</p>
          ) : null}
        </>
        );
      },
    },
    {
      id: 'team',
      header: 'Team',
      cell: (u) => {
        const teamBlock = planOrPermissionBlock(actorRef, u, 'permissions');
        return (
          <>
            <label className="flex items-center gap-2 text-slate-700">
              <Checkbox
                aria-label={`Manage team for ${fullName(u)}`}
                checked={u.permissions.includes('manage_team')}
                disabled={teamBlock !== null || setPermission.isPending}
                title={teamBlock ?? undefined}
                aria-describedby={teamBlock ? `team-block-${u.id}` : undefined}
                onCheckedChange={(v) => toggleTeam(u, v === true)}
              />
              <span className="text-xs">manage_team</span>
            </label>
            {blockNote(`team-block-${u.id}`, teamBlock)}
          </>
        );
      },
    },
    {
      id: 'joined',
      header: 'Joined',
      sortKey: 'created_at',
      firstDirection: 'desc',
      className: 'whitespace-nowrap text-slate-600',
      cell: (u) => formatDay(u.created_at),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">User Management</h1>
        <p className="mt-1 text-slate-600">Search users, change their role or plan, grant team management, or delete accounts.</p>
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="relative">
          <ListSearch id="user-search" className="relative" value={query.search} onSearch={(search) => setQuery({ search })} label="Search users" placeholder="Search by name, email or company" />
        </div>
        <div>
          <label htmlFor="role-filter" className="sr-only">
            Filter by role
          </label>
          <Select id="role-filter" value={role} onChange={(e) => setQuery({ role: e.target.value as AdminUserQuery['role'] })}>
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
          <Select id="tier-filter" value={tier} onChange={(e) => setQuery({ tier: e.target.value as AdminUserQuery['tier'] })}>
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
        <DataList
          label="Users"
          columns={columns}
          source={users}
          rowKey={(u) => u.id}
          rowLabel={fullName}
          rowTestId="user-row"
          empty="No users match your search."
          errorText={(message) => `Error loading users: ${message}`}
          sort={{ value: query.sort, onChange: (sort) => setQuery({ sort: sort as AdminUserQuery['sort'] }) }}
          selection={selection}
          banner={<SelectionBanner control={selection} pageSize={rows.length} total={data?.total ?? 0} />}
          actions={(u) => (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              aria-label={`Delete ${fullName(u)}`}
              disabled={!canManage(u)}
              onClick={() => setToDelete(u)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete
            </Button>
          )}
        />
        {data && data.total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
            <span>
              {data.total} {data.total === 1 ? 'user' : 'users'} · page {data.page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setQuery({ page: page - 1 })}>
                <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setQuery({ page: page + 1 })}>
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
