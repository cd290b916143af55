// The caller's own sessions (Settings › Security). Every query has the caller's user id in its
// where, so another user's session is simply not found (404), whatever id is sent.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { describeUserAgent, USER_SETTINGS_TEXT, type ActiveSession } from '#shared/settings.ts';
import type { Actor } from '#server/context.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';
import { session } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';

export async function listMySessions(connection: Connection, actor: Actor): Promise<ActiveSession[]> {
  const rows = await crossAgency(connection, "the caller's own sessions (better-auth's), of no agency")
    .select()
    .from(session)
    .where(and(eq(session.userId, actor.userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    ...describeUserAgent(s.userAgent),
    ip_address: s.ipAddress,
    last_active: s.updatedAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    current: s.id === actor.sessionId,
  }));
}

export async function signOutSession(connection: Connection, actor: Actor, id: string): Promise<void> {
  if (id === actor.sessionId) throw badRequest(USER_SETTINGS_TEXT.cannotSignOutCurrent, undefined, 'CURRENT_SESSION');
  const [gone] = await crossAgency(connection, "the caller's own sessions (better-auth's), of no agency")
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, actor.userId)))
    .returning({ id: session.id });
  if (!gone) throw notFound(USER_SETTINGS_TEXT.sessionNotFound);
}

export async function signOutOtherSessions(connection: Connection, actor: Actor): Promise<number> {
  const gone = await crossAgency(connection, "the caller's own sessions (better-auth's), of no agency")
    .delete(session)
    .where(and(eq(session.userId, actor.userId), ne(session.id, actor.sessionId)))
    .returning({ id: session.id });
  return gone.length;
}
