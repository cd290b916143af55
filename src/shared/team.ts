// Agencies, team management and invitations (spec: agency.md §2 Team management, /accept-invitation,
// §3 Team invitation, §4, §5 Invitation, §8). The spec's texts are copied exactly.
import type { EffectiveBrand } from './branding.ts';
import { z } from 'zod';
import { emailField, safeText } from './validation.ts';
import type { Requirement } from './access.ts';
import { featureNeed } from './features.ts';

export const INVITATION_VALID_DAYS = 7;

export const INVITE_ROLES = ['team_member', 'admin'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;

export const AGENCY_ROLE_LABEL: Record<string, string> = {
  owner: 'Owner',
  admin: 'Admin',
  team_member: 'Team Member',
};

/** Who may manage an agency's team: its owner or admins, on the Enterprise plan with manage_team. */
export const TEAM_MANAGEMENT: Requirement = featureNeed('team-management');

export { REMOVED_FROM_AGENCY_HEADER } from './team-header.ts';

export const TEAM_TEXT = {
  planNoLongerIncludesTeams: "This agency's plan no longer includes team members. Please ask its owner to upgrade to Enterprise.",
  emailRequired: 'Email is required',
  notLoggedIn: 'Not logged in',
  sendFailedTitle: 'Failed to Send Invitation',
  unexpectedError: 'An unexpected error occurred.',
  empty: 'No team members yet. Invite someone above.',
  invalidTitle: 'Invitation Invalid',
  invalid: 'This invitation link is either expired or invalid. Please ask for a new invitation.',
  actionFailedTitle: 'Action failed',
  invitationSentTitle: 'Invitation Sent',
  invitationSent: (email: string) =>
    `An invitation has been sent to ${email}. The link in the e-mail is valid for ${INVITATION_VALID_DAYS} days.`,
  alreadyMember: 'This person is already a member of your agency.',
  alreadyInvited: 'An invitation to this e-mail address is already pending. You can resend it from the list below.',
  teamRoleDenied: 'Only the agency owner or an admin can manage the team.',
  ownerUntouchable: "The agency owner's role can't be changed and the owner can't be removed.",
  notYourself: "You can't change your own role or remove yourself.",
  memberNotFound: 'This member is no longer part of your agency.',
  invitationNotFound: 'This invitation no longer exists.',
  notPending: 'Only a pending invitation can be changed.',
  used: 'This invitation has already been used.',
  cancelled: 'This invitation was cancelled. Please ask for a new invitation.',
  expired: 'This invitation has expired. Please ask for a new invitation.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
  agencyNotFound: 'You are not a member of this agency.',
  tooManyInvitations: 'Too many invitation e-mails were sent from this agency in the last hour. Please try again later.',
  // successes
  invitationCancelled: 'Invitation cancelled.',
  invitationResent: (email: string) => `A new invitation has been sent to ${email}.`,
  roleUpdated: 'Role updated.',
  memberRemoved: 'Member removed.',
  acceptedTitle: 'Invitation Accepted',
  accepted: (agency: string) => `You are now a member of ${agency}.`,
  switchedTitle: 'Agency switched',
  switched: (agency: string) => `You are now working in ${agency}.`,
  removedFromAgency: (agency: string) => `You were removed from ${agency}. You are now working in your own agency.`,
} as const;

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
