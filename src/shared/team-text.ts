// The team's texts, roles and constants, apart from the schemas (team.ts) so that the signed-in shell's
// agency switcher and notices don't load the validation library (issue 33).
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
