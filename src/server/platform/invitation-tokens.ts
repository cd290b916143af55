// Invitation tokens, made by the team (invite) and read by invitations (accept): 32 random bytes in
// the e-mailed link, only their sha-256 in the database,
// so a leaked database copy can't be used to join an agency.
import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALID_DAYS } from '#shared/team.ts';

export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationExpiry(from: Date = new Date()): Date {
  return new Date(from.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/** A token is 43 base64url characters; anything else is refused before touching the database. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
