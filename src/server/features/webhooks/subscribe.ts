// Webhooks listen to the events of the same name: each becomes one delivery row per enabled endpoint
// that subscribed, written in the write's transaction. Those rows are the webhooks' outbox: the
// delivery job (worker.ts) sends them after the commit, so a rolled-back change sends nothing.
import type { EventType } from '#shared/events.ts';
import { WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import { subscribe } from '#server/platform/events.ts';
import { emitEvent } from './events.ts';

export function subscribeWebhooks() {
  subscribe({
    name: 'webhooks.outbox',
    types: WEBHOOK_EVENTS satisfies readonly EventType[],
    mode: 'in-transaction',
    handle: async ({ t, by, eventId, at }, event) => {
      // the plan decides (api-write); a source without its agency (a system job) sends nothing
      if (!t || !by.agency) return;
      await emitEvent(t, { agency: by.agency }, event.type, event.data, { eventId, now: at });
    },
  });
}
