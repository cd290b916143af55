// Renewals listen to contacts: a communication logged with a customer moves their open renewals in
// the cockpit's window to Contacted, in the same transaction as the communication.
import { subscribe } from '#server/platform/events.ts';
import { markContacted } from '#server/entities/renewals/actions.ts';

export function subscribeRenewals() {
  subscribe({
    name: 'renewals.contacted',
    types: ['communication.created'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (t) await markContacted(t, by, event.customerId);
    },
  });
}
