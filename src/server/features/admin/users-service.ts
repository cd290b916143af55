// Admin user management: list, change role and tier, grant permissions, delete (platform.md §6).
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_TEXT, ADMIN_USERS_PAGE_SIZE, planOrPermissionBlock, type AdminUserQuery, type AdminUserRow, type Paged } from '#shared/admin.ts';
import { ROLE_RANK, type AccountRole, type Permission } from '#shared/roles.ts';
import { effectiveTier, type Tier } from '#shared/tiers.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { documentKeysOfOwner } from '#server/platform/owner-files.ts';
import { agencies, paymentSubmissions, storedFiles, user, userPermissions } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import type { Storage } from '#server/storage.ts';
import { applyPaidPlan } from '#server/platform/paid-plan.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { sortOrder } from '#server/lists.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { endMembershipsOfDeletedUser } from '#server/platform/team-membership.ts';

type UserRow = typeof user.$inferSelect;

/** The same expression as user_search_trgm_idx, so a LIKE on it can use the index. */
const searchExpr = sql`lower(${user.firstName} || ' ' || ${user.lastName} || ' ' || ${user.email} || ' ' || coalesce(${user.company}, ''))`;


function toRow(row: UserRow, permissions: string[]): AdminUserRow {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company: row.company,
    role: row.role as AccountRole,
    subscription_tier: row.subscriptionTier as Tier,
    effective_tier: effectiveTier(row),
    subscription_status: row.subscriptionStatus,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    permissions,
  };
}

async function permissionsOf(db: Db | Tx, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ userId: userPermissions.userId, name: userPermissions.permissionName })
    .from(userPermissions)
    .where(inArray(userPermissions.userId, ids))
    .orderBy(asc(userPermissions.permissionName));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.name]);
  return map;
}

const USER_SORT = { created_at: [user.createdAt], name: [user.firstName, user.lastName], email: [user.email] };

export async function listUsers(db: Db, query: AdminUserQuery): Promise<Paged<AdminUserRow>> {
  const filters: SQL[] = [];
  if (query.search) filters.push(sql`${searchExpr} like ${containsPattern(query.search)}`);
  if (query.role !== 'all') filters.push(eq(user.role, query.role));
  if (query.tier !== 'all') filters.push(eq(user.subscriptionTier, query.tier));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(user).where(where);
  const rows = await db
    .select()
    .from(user)
    .where(where)
    .orderBy(...sortOrder(query.sort, USER_SORT, user.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE);
  const perms = await permissionsOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toRow(r, perms.get(r.id) ?? [])), total, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
}

async function getUserRow(db: Db | Tx, id: string): Promise<AdminUserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw notFound(ADMIN_TEXT.userNotFound);
  const perms = await permissionsOf(db, [id]);
  return toRow(row, perms.get(id) ?? []);
}

const planOf = (u: AdminUserRow) => ({
  subscription_tier: u.subscription_tier,
  subscription_status: u.subscription_status,
  trial_ends_at: u.trial_ends_at,
  permissions: u.permissions,
});

const rank = (role: string) => ROLE_RANK[role as AccountRole] ?? 0;

/** Locks every super_admin row, so two demotions at once cannot both pass the "last one" check. */
async function lockedSuperAdminCount(tx: Tx): Promise<number> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'super_admin')).orderBy(asc(user.id)).for('update');
  return rows.length;
}

/** Any number that names "role changes and deletions" among the transaction-level advisory locks. */
const ROLE_CHANGE_LOCK = 7_310_001;

/**
 * Role changes and deletions run one at a time, taken before any row lock: two super admins
 * demoting each other would otherwise lock their rows in opposite orders and deadlock. Returns the
 * acting admin's role as it is now (the other decision may just have demoted them).
 */
async function serializeRoleChange(tx: Tx, actor: Actor): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
  const [me] = await tx.select({ role: user.role }).from(user).where(eq(user.id, actor.userId));
  if (!me || rank(me.role) < rank('admin')) throw forbidden(ADMIN_TEXT.permissionDenied, 'PERMISSION_DENIED');
  return me.role;
}

/** Role and tier changes. Role rules: never your own, never above your own, never the last super_admin. */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  input: { role?: AccountRole; subscription_tier?: Tier },
): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const actorRole = input.role !== undefined ? await serializeRoleChange(tx, actor) : actor.role;
    const [target] = await tx.select().from(user).where(eq(user.id, id)).for('update');
    if (!target) throw notFound(ADMIN_TEXT.userNotFound);
    if (input.subscription_tier !== undefined) refuseBlocked({ ...actor, role: actorRole }, target, 'plan');
    const roleChanges = input.role !== undefined && input.role !== target.role;
    if (roleChanges) {
      const newRole = input.role as AccountRole;
      if (target.id === actor.userId) throw forbidden(ADMIN_TEXT.cannotChangeOwnRole, 'OWN_ROLE');
      if (rank(newRole) >= rank('admin') && actorRole !== 'super_admin') throw forbidden(ADMIN_TEXT.roleAboveOwn, 'ROLE_ABOVE_OWN');
      if (rank(target.role) >= rank('admin') && actorRole !== 'super_admin') throw forbidden(ADMIN_TEXT.targetOutranks, 'TARGET_OUTRANKS');
      if (target.role === 'super_admin' && (await lockedSuperAdminCount(tx)) <= 1)
        throw conflict(ADMIN_TEXT.lastSuperAdmin, 'LAST_SUPER_ADMIN');
    }
    const before = await getUserRow(tx, id);
    if (roleChanges) await tx.update(user).set({ role: input.role, updatedAt: new Date() }).where(eq(user.id, id));
    // A plan set by an admin is a paid plan, not a trial, with what comes with it.
    if (input.subscription_tier !== undefined) await applyPaidPlan(tx, id, input.subscription_tier as Tier, actor.userId);
    const after = await getUserRow(tx, id);
    const subject = { targetType: 'user', targetId: id, targetLabel: after.email } as const;
    if (roleChanges) await auditByActor(tx, actor, { action: 'user.role_changed', ...subject, before: { role: before.role }, after: { role: after.role } });
    if (input.subscription_tier !== undefined)
      await auditByActor(tx, actor, { action: 'user.tier_changed', ...subject, before: planOf(before), after: planOf(after) });
    return after;
  });
}

function refuseBlocked(actor: Actor, target: { id: string; role: string }, what: 'plan' | 'permissions') {
  const reason = planOrPermissionBlock({ id: actor.userId, role: actor.role }, target, what);
  if (reason) throw forbidden(reason, reason === ADMIN_TEXT.superAdminOnly ? 'TARGET_OUTRANKS' : 'OWN_ACCOUNT');
}

export function grantPermission(db: Db, actor: Actor, id: string, permission: Permission): Promise<AdminUserRow> {
  return changePermission(db, actor, id, permission, true);
}

export function revokePermission(db: Db, actor: Actor, id: string, permission: Permission): Promise<AdminUserRow> {
  return changePermission(db, actor, id, permission, false);
}

/** Grants or revokes one permission under a lock on the user, with its audit entry (before and after). */
async function changePermission(db: Db, actor: Actor, id: string, permission: Permission, granted: boolean): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw notFound(ADMIN_TEXT.userNotFound);
    refuseBlocked(actor, target, 'permissions');
    const before = await getUserRow(tx, id);
    if (granted)
      await tx.insert(userPermissions).values({ userId: id, permissionName: permission, grantedBy: actor.userId }).onConflictDoNothing();
    else await tx.delete(userPermissions).where(and(eq(userPermissions.userId, id), eq(userPermissions.permissionName, permission)));
    const after = await getUserRow(tx, id);
    await auditByActor(tx, actor, {
      action: granted ? 'user.permission_granted' : 'user.permission_revoked',
      targetType: 'user',
      targetId: id,
      targetLabel: after.email,
      before: { permissions: before.permissions },
      after: { permissions: after.permissions },
    });
    return after;
  });
}

/**
 * Removes the account completely in one transaction: the user row, and through its foreign keys the
 * sign-ins, sessions, permissions, the user's own agency with its book of business, and the files the
 * user owns. Stored objects are removed after the commit (storage is not transactional).
 */
export async function deleteUser(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const actorRole = await serializeRoleChange(tx, actor);
    const [target] = await tx.select().from(user).where(eq(user.id, id)).for('update');
    if (!target) throw notFound(ADMIN_TEXT.userNotFound);
    if (target.id === actor.userId) throw forbidden(ADMIN_TEXT.cannotDeleteSelf, 'DELETE_SELF');
    if (rank(target.role) >= rank('admin') && actorRole !== 'super_admin') throw forbidden(ADMIN_TEXT.targetOutranks, 'TARGET_OUTRANKS');
    if (target.role === 'super_admin' && (await lockedSuperAdminCount(tx)) <= 1)
      throw conflict(ADMIN_TEXT.lastSuperAdmin, 'LAST_SUPER_ADMIN');
    const owned = await tx
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .leftJoin(agencies, eq(agencies.id, storedFiles.agencyId))
      .where(or(eq(storedFiles.ownerId, id), eq(agencies.ownerId, id)));
    const documents = await documentKeysOfOwner(tx, id);
    // Submissions point at their receipt with ON DELETE RESTRICT: remove them before the files go.
    const before = await getUserRow(tx, id);
    await tx.delete(paymentSubmissions).where(eq(paymentSubmissions.userId, id));
    // in the agencies it was a member of, its work is handed back as a removal's is (events, feed)
    await endMembershipsOfDeletedUser(tx, id);
    await tx.delete(user).where(eq(user.id, id));
    await auditByActor(tx, actor, { action: 'user.deleted', targetType: 'user', targetId: id, targetLabel: before.email, before, after: null });
    return [...owned.map((f) => f.key), ...documents];
  });
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
