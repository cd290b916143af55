// API keys listen to the team: a member's keys end with their membership, and with their admin role
// (only the owner and admins may hold keys), in the same transaction as the change (decision 047).
import { API_TEXT } from '#shared/api-keys.ts';
import { subscribe } from '#server/platform/events.ts';
import { revokeKeysCreatedBy } from './keys.ts';

export function subscribeApiKeys() {
  subscribe({
    name: 'api.keys-follow-membership',
    types: ['membership.ended', 'membership.role_changed'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'membership.ended') await revokeKeysCreatedBy(t, by, event.userId, API_TEXT.revokedRemoved(event.name));
      else if (event.from === 'admin' && event.to === 'team_member') await revokeKeysCreatedBy(t, by, event.userId, API_TEXT.revokedDemoted(event.name));
    },
  });
}
