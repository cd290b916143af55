// Scenario 8: 1,000 webhook deliveries to a local receiver, drained by the delivery worker (the
// code the server runs: claim with SKIP LOCKED, signed POST, record) on PostgreSQL or PGlite.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, runMigrations } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { buildPayload } from '#server/features/webhooks/events.ts';
import { startReceiver } from '#server/features/webhooks/receiver.ts';
import { runDeliveries } from '#server/features/webhooks/worker.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';

export interface WebhookBench {
  deliveries: number;
  seconds: number;
  perSecond: number;
  received: number;
  succeeded: number;
}

export async function webhookScenario(databaseUrl: string | undefined, deliveries = 1000): Promise<WebhookBench> {
  const dir = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'policydesk-bench-webhooks-'));
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dir!, 'db'));
  const receiver = await startReceiver();
  try {
    await runMigrations(database);
    const db = database.db;
    const owner = `bench-webhooks-${randomUUID().slice(0, 8)}`;
    await db.execute(sql.raw(`insert into "user" (id, name, email, email_verified, first_name, last_name, subscription_tier, subscription_status)
      values ('${owner}', 'Webhook bench', '${owner}@bench.example', true, 'Web', 'Hooks', 'enterprise', 'active')`));
    const agencyId = randomUUID();
    await db.execute(sql.raw(`insert into agencies (id, name, owner_id) values ('${agencyId}', 'Webhook bench', '${owner}')`));
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ agencyId, url: receiver.url, events: ['policy.created'], secret: `whsec_${randomUUID().replace(/-/g, '')}` })
      .returning();
    const rows = Array.from({ length: deliveries }, (_, i) => {
      const { eventId, body } = buildPayload(agencyId, 'policy.created', { id: randomUUID(), policy_number: `BENCH-${i}`, premium_amount: '1200.00' });
      return { agencyId, endpointId: endpoint.id, eventId, eventType: 'policy.created', payload: body };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(webhookDeliveries).values(rows.slice(i, i + 500));

    const config = { WEBHOOK_TIMEOUT_MS: 10_000, WEBHOOKS_ALLOW_PRIVATE: true } as Config;
    const logger = { error: () => {} } as unknown as Logger;
    const started = performance.now();
    const totals = await runDeliveries({ db, config, logger });
    const seconds = (performance.now() - started) / 1000;
    return { deliveries, seconds, perSecond: totals.succeeded / seconds, received: receiver.received.length, succeeded: totals.succeeded };
  } finally {
    await receiver.close();
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
