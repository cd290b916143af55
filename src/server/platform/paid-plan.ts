// A paid plan set on an account (approved payment or admin), with what comes with it.
import { eq } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import type { Tier } from '#shared/tiers.ts';
import type { Tx } from '#server/db/client.ts';
import { user, userPermissions } from '#server/db/schema.ts';

/**
 * Sets the tier as an active (not trial) plan. Enterprise includes team management, which also
 * needs the manage_team permission: it is granted with the plan (issue 6), never taken away here.
 */
export async function applyPaidPlan(tx: Tx, userId: string, tier: Tier, grantedBy: string): Promise<void> {
  await tx.update(user).set({ subscriptionTier: tier, subscriptionStatus: 'active', trialEndsAt: null, updatedAt: new Date() }).where(eq(user.id, userId));
  if (planIncludes(tier, 'team-management'))
    await tx.insert(userPermissions).values({ userId, permissionName: 'manage_team', grantedBy }).onConflictDoNothing();
}
