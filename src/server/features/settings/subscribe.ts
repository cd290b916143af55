// Settings › Security's sign-in history listens to the sign-in route's attempts: the account feature
// emits one per attempt and never imports the history.
import { subscribe } from '#server/platform/events.ts';
import { recordSignInAttempt } from './sign-in-history.ts';

export function subscribeSignInHistory() {
  subscribe({
    name: 'settings.sign-in-history',
    types: ['sign_in.attempted'],
    mode: 'in-transaction',
    handle: async ({ db }, { email, ip, userAgent, outcome }) => recordSignInAttempt(db, { email, ip, userAgent, outcome }),
  });
}
