// Who listens to the domain events (decision 049): the one place that wires each feature's
// subscribers, so the features that emit never import them. Called by createApp and by the job loop;
// a second call changes nothing. Order matters only within one event: the log's line, then the
// webhooks' outbox, then the bell, the API keys and the renewals (each in the write's transaction).
import { subscribeActivity } from './activity/subscribe.ts';
import { subscribeApiKeys } from './api/subscribe.ts';
import { subscribeNotifications } from './notifications/subscribe.ts';
import { subscribeRenewals } from './renewals/subscribe.ts';
import { subscribeWebhooks } from './webhooks/subscribe.ts';

export function wireSubscribers(): void {
  subscribeActivity();
  subscribeWebhooks();
  subscribeNotifications();
  subscribeApiKeys();
  subscribeRenewals();
}
