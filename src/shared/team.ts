// Agencies, team management and invitations (spec: agency.md §2 Team management, /accept-invitation,
// §3 Team invitation, §4, §5 Invitation, §8). The spec's texts are copied exactly.
import type { EffectiveBrand } from './branding.ts';
import { z } from 'zod';
import { emailField, safeText } from './validation.ts';

import { INVITE_ROLES, TEAM_TEXT, type InviteRole } from './team-text.ts';

export * from './team-text.ts';

export const inviteSchema = z.object({
  email: emailField(TEAM_TEXT.emailRequired),
  role: z.enum(INVITE_ROLES, { error: 'Choose a role.' }).default('team_member'),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const memberRoleSchema = z.object({
  role: z.enum(INVITE_ROLES, { error: 'Choose a role.' }),
});

export const switchAgencySchema = z.object({
  agencyId: safeText().min(1, TEAM_TEXT.agencyNotFound).max(64),
});

export type TeamEntryStatus = 'Active' | 'Pending' | 'Expired';

/** One row of the team table: a member, or an invitation that has not been accepted yet. */
export interface TeamEntry {
  kind: 'member' | 'invitation';
  /** the member's user id, or the invitation id */
  id: string;
  name: string | null;
  email: string;
  role: 'owner' | 'admin' | 'team_member';
  status: TeamEntryStatus;
  /** joined (member) or invited (invitation) */
  since: string;
  expires_at: string | null;
  is_you: boolean;
}

export interface TeamOverview {
  agency: { id: string; name: string };
  your_role: 'owner' | 'admin' | 'team_member';
  entries: TeamEntry[];
}

/** The spec's order: by status, then by e-mail. */
export function sortTeamEntries<T extends { status: string; email: string }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => a.status.localeCompare(b.status) || a.email.localeCompare(b.email));
}

/** What the accept-invitation page shows (agency.md §3: the inviter's profile with company). */
export interface InvitationView {
  email: string;
  role: InviteRole;
  agency_name: string;
  company: string | null;
  inviter_name: string | null;
  expires_at: string;
  /** the agency's white label while its plan includes it (src/shared/branding.ts); null: the default */
  brand: EffectiveBrand | null;
}

export function isExpired(expiresAt: Date | string, now: Date = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}
