import { describe, expect, it } from 'vitest';
import { inviteSchema, isExpired, sortTeamEntries, TEAM_TEXT } from './team.ts';

describe('inviteSchema', () => {
  it("requires the e-mail ('Email is required') and defaults the role to team_member", () => {
    for (const email of [undefined, '', '   ']) {
      const r = inviteSchema.safeParse({ email });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('Email is required');
    }
    expect(inviteSchema.parse({ email: ' Ann@Example.COM ' })).toEqual({ email: 'ann@example.com', role: 'team_member' });
    expect(inviteSchema.parse({ email: 'a@b.co', role: 'admin' }).role).toBe('admin');
    expect(inviteSchema.safeParse({ email: 'a@b.co', role: 'owner' }).success).toBe(false);
  });
});

describe('sortTeamEntries', () => {
  it('orders by status, then by e-mail', () => {
    const sorted = sortTeamEntries([
      { status: 'Pending', email: 'b@x.com' },
      { status: 'Active', email: 'z@x.com' },
      { status: 'Pending', email: 'a@x.com' },
      { status: 'Active', email: 'c@x.com' },
    ]);
    expect(sorted.map((e) => `${e.status} ${e.email}`)).toEqual(['Active c@x.com', 'Active z@x.com', 'Pending a@x.com', 'Pending b@x.com']);
  });
});

describe('texts and expiry', () => {
  it("keeps the spec's texts", () => {
    expect(TEAM_TEXT.invalidTitle).toBe('Invitation Invalid');
    expect(TEAM_TEXT.invalid).toBe('This invitation link is either expired or invalid. Please ask for a new invitation.');
    expect(TEAM_TEXT.sendFailedTitle).toBe('Failed to Send Invitation');
    expect(TEAM_TEXT.unexpectedError).toBe('An unexpected error occurred.');
    expect(TEAM_TEXT.notLoggedIn).toBe('Not logged in');
  });
  it('treats the expiry instant itself as expired', () => {
    const now = new Date('2026-01-08T00:00:00Z');
    expect(isExpired('2026-01-08T00:00:00Z', now)).toBe(true);
    expect(isExpired('2026-01-08T00:00:01Z', now)).toBe(false);
  });
});
