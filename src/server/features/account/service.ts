// Profiles: the signed-in user's own row, shaped as the spec's profile.
import { eq, sql } from 'drizzle-orm';
import type { Me, Profile } from '#shared/auth.ts';
import { effectiveTier } from '#shared/tiers.ts';
import { clearRemovedNotice, type Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, agencyMembers, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { auditAnonymous } from '#server/platform/audit.ts';
import { memberRenamed } from '#server/platform/team-membership.ts';
import { RATE_RULES } from '#server/rate-limit.ts';

type UserRow = typeof user.$inferSelect;

export function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    role: row.role,
    subscription_tier: row.subscriptionTier,
    effective_tier: effectiveTier(row),
    subscription_status: row.subscriptionStatus,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    dashboard_seen_at: row.dashboardSeenAt?.toISOString() ?? null,
    two_factor_enabled: row.twoFactorEnabled,
    digest_opt_out: row.digestOptOut,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

export async function getMe(db: Db, actor: Actor) {
  const [row] = await db.select().from(user).where(eq(user.id, actor.userId));
  if (!row) throw notFound('Profile not found');
  const memberships = await db
    .select({ id: agencies.id, name: agencies.name, role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, actor.userId))
    .orderBy(agencies.name);
  // Told once: the notice of a lost agency is cleared as /api/me hands it out.
  if (actor.removedFromAgency) await clearRemovedNotice(db, actor.sessionId);
  const me: Me & { agency: Actor['agency']; agencies: typeof memberships } = {
    profile: toProfile(row),
    permissions: actor.permissions,
    agency: actor.agency,
    agencies: memberships,
    removed_from_agency: actor.removedFromAgency,
  };
  return me;
}

/** Records the first view of the dashboard (idempotent: the first time stays). */
export async function markDashboardSeen(db: Db, actor: Actor): Promise<void> {
  await db
    .update(user)
    .set({ dashboardSeenAt: sql`coalesce(${user.dashboardSeenAt}, now())` })
    .where(eq(user.id, actor.userId));
}

/** Only the four profile fields can change here; role, tier and status are never read from the request. */
export async function updateProfile(
  db: Db,
  actor: Actor,
  input: { first_name: string; last_name: string; phone: string | null; company: string | null; digest_opt_out?: boolean },
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, actor.userId)).for('update');
    const [row] = await tx
      .update(user)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        name: `${input.first_name} ${input.last_name}`.trim(),
        phone: input.phone,
        company: input.company,
        ...(input.digest_opt_out === undefined ? {} : { digestOptOut: input.digest_opt_out }),
        updatedAt: new Date(),
      })
      .where(eq(user.id, actor.userId))
      .returning();
    if (!row) throw notFound('Profile not found');
    // the agencies' terms, tasks and opportunities show the name: each is a change of them
    if (before && (before.firstName !== row.firstName || before.lastName !== row.lastName)) await memberRenamed(tx, row.id);
    return toProfile(row);
  });
}

/**
 * Called by the sign-in route when a failure has just locked an account (its e-mail counter
 * reached the limit): no signed-in actor, the attempt's client address.
 */
export async function auditSignInLockout(db: Db, email: string, ip: string): Promise<void> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  await auditAnonymous(db, { email: null, ip }, {
    action: 'auth.lockout',
    targetType: 'sign_in',
    targetId: account?.id ?? null,
    targetLabel: email.toLowerCase(),
    before: null,
    after: { failures: RATE_RULES.signInFailuresPerEmail.limit, locked: true, minutes: RATE_RULES.signInFailuresPerEmail.windowMs / 60_000 },
  });
}
