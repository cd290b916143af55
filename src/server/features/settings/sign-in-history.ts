// Sign-in history (Settings › Security): one row per attempt on a known account, written by the
// sign-in route. Attempts on unknown e-mails are not stored (there is no user to show them to).
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { describeUserAgent, SIGN_IN_HISTORY_DAYS, SIGN_IN_HISTORY_MAX_ROWS, type SignInAttempt, type SignInOutcome } from '#shared/settings.ts';
import type { Actor } from '#server/context.ts';
import { signInAttempts, user } from '#server/db/schema.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

const cutoff = () => new Date(Date.now() - SIGN_IN_HISTORY_DAYS * 86_400_000);

export async function recordSignInAttempt(
  connection: Connection,
  attempt: { email: string; ip: string | null; userAgent: string | null; outcome: SignInOutcome },
): Promise<void> {
  const db = crossAgency(connection, 'sign-in attempts are a user’s rows, not an agency’s');
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, attempt.email.toLowerCase()));
  if (!owner) return;
  await db.insert(signInAttempts).values({ userId: owner.id, ipAddress: attempt.ip, userAgent: attempt.userAgent?.slice(0, 500) ?? null, outcome: attempt.outcome });
  // Retention: a successful sign-in removes that user's rows past the window (one index range);
  // the read filters by date too, so a user who never signs in again still sees only 90 days.
  if (attempt.outcome === 'success')
    await db.delete(signInAttempts).where(and(eq(signInAttempts.userId, owner.id), lt(signInAttempts.createdAt, cutoff())));
}

export async function listSignInHistory(connection: Connection, actor: Actor): Promise<SignInAttempt[]> {
  const db = crossAgency(connection, 'sign-in attempts are a user’s rows, not an agency’s');
  const rows = await db
    .select()
    .from(signInAttempts)
    .where(and(eq(signInAttempts.userId, actor.userId), gte(signInAttempts.createdAt, cutoff())))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(SIGN_IN_HISTORY_MAX_ROWS);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    ip_address: r.ipAddress,
    ...describeUserAgent(r.userAgent),
    outcome: r.outcome as SignInOutcome,
  }));
}
