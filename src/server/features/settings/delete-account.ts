// "Delete my account" (Settings › Data): the owner of an agency removes their account, their agency
// and its book in one transaction; members of that agency keep their own accounts and agencies.
import { and, asc, eq, or } from 'drizzle-orm';
import { USER_SETTINGS_TEXT, type DeleteAccountInput } from '#shared/settings.ts';
import type { Actor, Deps } from '#server/context.ts';
import { documentKeysOfOwner } from '#server/platform/owner-files.ts';
import { account, agencies, paymentSubmissions, storedFiles, user } from '#server/db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooMany } from '#server/errors.ts';
import { consume, RATE_RULES, release } from '#server/rate-limit.ts';
import { AUTH_TEXT } from '#shared/auth.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { endMembershipsOfDeletedUser } from '#server/platform/team-membership.ts';

async function checkPassword(deps: Pick<Deps, 'auth' | 'db'>, userId: string, password: string): Promise<boolean> {
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash) return false;
  return (await deps.auth.$context).password.verify({ hash: credential.hash, password });
}

const wrongName = () => badRequest(USER_SETTINGS_TEXT.wrongAgencyName, { agency_name: USER_SETTINGS_TEXT.wrongAgencyName }, 'WRONG_AGENCY_NAME');
const wrongPassword = () => badRequest(USER_SETTINGS_TEXT.wrongPassword, { password: USER_SETTINGS_TEXT.wrongPassword }, 'INVALID_PASSWORD');

/**
 * Checks the typed agency name and the password (before any lock: hashing is slow), then, with the
 * agency row locked, removes the user; the foreign keys take the agency, its book (customers,
 * policies and details, communications, activity, premium payments), memberships, sessions and
 * files' rows with it. Stored objects are removed after the commit. A second deletion running at
 * the same time waits on the lock and then finds no agency: 404.
 */
export async function deleteOwnAccount(
  deps: Pick<Deps, 'auth' | 'db' | 'storage' | 'logger' | 'config'>,
  actor: Actor,
  input: DeleteAccountInput,
): Promise<void> {
  const { db } = deps;
  if (actor.agency.ownerId !== actor.userId) throw forbidden(USER_SETTINGS_TEXT.deleteOwnerOnly, 'DENIED_AGENCY_ROLE');
  const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, actor.agency.id));
  if (!agency) throw notFound(USER_SETTINGS_TEXT.accountGone);
  if (input.agency_name.trim() !== agency.name) throw wrongName();
  // A stolen session must not become a password oracle: wrong passwords count like failed sign-ins.
  const limitKey = `delete-account:user:${actor.userId}`;
  const limited = deps.config.RATE_LIMIT === 'on';
  if (limited && !(await consume(db, limitKey, RATE_RULES.signInFailuresPerEmail))) throw tooMany(AUTH_TEXT.tooManyAttempts);
  if (!(await checkPassword(deps, actor.userId, input.password))) throw wrongPassword();
  if (limited) await release(db, limitKey);

  const keys = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(agencies)
      .where(and(eq(agencies.id, actor.agency.id), eq(agencies.ownerId, actor.userId)))
      .for('update');
    if (!locked) throw notFound(USER_SETTINGS_TEXT.accountGone);
    if (input.agency_name.trim() !== locked.name) throw wrongName();
    const [me] = await tx.select().from(user).where(eq(user.id, actor.userId)).for('update');
    if (!me) throw notFound(USER_SETTINGS_TEXT.accountGone);
    if (me.role === 'super_admin') {
      // the same rows a role change locks, so a parallel demotion can't leave no super admin
      const supers = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'super_admin')).orderBy(asc(user.id)).for('update');
      if (supers.length <= 1) throw conflict(USER_SETTINGS_TEXT.lastSuperAdmin, 'LAST_SUPER_ADMIN');
    }
    const files = await tx
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(or(eq(storedFiles.ownerId, me.id), eq(storedFiles.agencyId, locked.id)));
    const documents = await documentKeysOfOwner(tx, me.id);
    // Submissions point at their receipt with ON DELETE RESTRICT: remove them before the files go.
    await tx.delete(paymentSubmissions).where(eq(paymentSubmissions.userId, me.id));
    // in the agencies it was a member of, its work is handed back as a removal's is (events, feed)
    await endMembershipsOfDeletedUser(tx, me.id);
    await tx.delete(user).where(eq(user.id, me.id));
    await auditByActor(tx, actor, {
      action: 'user.deleted_self',
      targetType: 'user',
      targetId: me.id,
      targetLabel: me.email,
      before: { email: me.email, role: me.role, subscription_tier: me.subscriptionTier, agency: locked.name },
      after: null,
    });
    return [...files.map((f) => f.key), ...documents];
  });
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  for (const [i, r] of results.entries()) if (r.status === 'rejected') deps.logger.warn({ err: r.reason, key: keys[i] }, 'file of a deleted account not removed');
}
