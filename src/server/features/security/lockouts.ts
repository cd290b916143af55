// Sign-in lockouts: read from the rate_limit counters of failed sign-ins; unlocking clears one.
import { and, desc, eq, gt, gte, like, or } from 'drizzle-orm';
import { LOCKOUT_TEXT, type SignInLockout } from '#shared/platform-settings.ts';
import type { Actor } from '#server/context.ts';
import { rateLimit, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { RATE_RULES, type RateRule } from '#server/rate-limit.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

const EMAIL_PREFIX = 'signin:email:';
const CLIENT_PREFIX = 'signin:ip:';

function describe(key: string): { kind: SignInLockout['kind']; subject: string; rule: RateRule } {
  return key.startsWith(EMAIL_PREFIX)
    ? { kind: 'email', subject: key.slice(EMAIL_PREFIX.length), rule: RATE_RULES.signInFailuresPerEmail }
    : { kind: 'client', subject: key.slice(CLIENT_PREFIX.length), rule: RATE_RULES.signInFailuresPerClient };
}

/** Counters with at least two failures in their current window, locked ones first. */
export async function listLockouts(connection: Connection, now = Date.now()): Promise<SignInLockout[]> {
  const db = crossAgency(connection, 'sign-in lockouts are kept per address, before any agency is known');
  const window = Math.max(RATE_RULES.signInFailuresPerEmail.windowMs, RATE_RULES.signInFailuresPerClient.windowMs);
  const rows = await db
    .select()
    .from(rateLimit)
    .where(and(or(like(rateLimit.key, `${EMAIL_PREFIX}%`), like(rateLimit.key, `${CLIENT_PREFIX}%`)), gte(rateLimit.count, 2), gt(rateLimit.windowStart, now - window)))
    .orderBy(desc(rateLimit.count))
    .limit(200);
  return rows
    .map((r) => {
      const { kind, subject, rule } = describe(r.key);
      return {
        key: r.key,
        kind,
        subject,
        failures: r.count,
        locked: r.count >= rule.limit,
        window_ends_at: new Date(r.windowStart + rule.windowMs).toISOString(),
        live: r.windowStart > now - rule.windowMs,
      };
    })
    .filter((r) => r.live)
    .map(({ live: _live, ...r }) => r)
    .sort((a, b) => Number(b.locked) - Number(a.locked) || b.failures - a.failures);
}

export async function unlockSignIn(connection: Connection, actor: Actor, key: string): Promise<void> {
  const db = crossAgency(connection, 'sign-in lockouts are kept per address, before any agency is known');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(rateLimit).where(eq(rateLimit.key, key)).for('update');
    if (!row) throw notFound(LOCKOUT_TEXT.notFound);
    const { kind, subject, rule } = describe(key);
    const [account] = kind === 'email' ? await tx.select({ id: user.id }).from(user).where(eq(user.email, subject)) : [];
    await tx.delete(rateLimit).where(eq(rateLimit.key, key));
    await auditByActor(tx, actor, {
      action: 'auth.unlock',
      targetType: 'sign_in',
      targetId: account?.id ?? null,
      targetLabel: subject,
      before: { kind, failures: row.count, locked: row.count >= rule.limit },
      after: { kind, failures: 0, locked: false },
    });
  });
}
