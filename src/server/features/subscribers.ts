// Who listens to the domain events (decision 049): the one place that wires each feature's
// subscribers, so the features that emit never import them. Called by createApp and by the job loop;
// a second call changes nothing. Order matters only within one event: the log's line, then the
// webhooks' outbox, then the bell, the API keys and the renewals (each in the write's transaction).
// Documents, the audit log and the sign-in history listen to events of their own.
import { subscribeActivity } from './activity/subscribe.ts';
import { subscribeChangeFeed } from './api/changes.ts';
import { subscribeApiKeys } from './api/subscribe.ts';
import { subscribeAudit } from './audit/subscribe.ts';
import { subscribeCommunications } from './communications/subscribe.ts';
import { subscribeDocuments } from './documents/subscribe.ts';
import { subscribeNotifications } from './notifications/subscribe.ts';
import { subscribePolicies } from './policies/subscribe.ts';
import { subscribeRenewals } from './renewals/subscribe.ts';
import { subscribeSignInHistory } from './settings/subscribe.ts';
import { subscribeWebhooks } from './webhooks/subscribe.ts';
import { subscribeTasks } from './tasks/subscribe.ts';
import { subscribePipeline } from './pipeline/subscribe.ts';
import { subscribePremiumPayments } from './premium-payments/subscribe.ts';
import { subscribePortal } from './portal/subscribe.ts';
import { subscribeCommissions } from './commissions/subscribe.ts';

export function wireSubscribers(): void {
  subscribeActivity();
  subscribeDocuments();
  subscribeWebhooks();
  subscribeNotifications();
  subscribeApiKeys();
  subscribeRenewals();
  subscribeAudit();
  subscribeSignInHistory();
  subscribeChangeFeed();
  subscribePolicies();
  subscribeCommunications();
  subscribeTasks();
  subscribePipeline();
  subscribePremiumPayments();
  subscribePortal();
  subscribeCommissions();
}
