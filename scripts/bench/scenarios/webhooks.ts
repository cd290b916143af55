// Scenario 8: 1,000 webhook deliveries drained by the delivery worker.
import { log, rows } from '../context.ts';
import { webhookScenario } from '../webhooks.ts';

/** 8. 1,000 webhook deliveries to a local receiver, drained by the delivery worker. */
export async function webhookBench(databaseUrl: string | undefined, label: string) {
  const r = await webhookScenario(databaseUrl, 1000);
  const ok = r.succeeded === r.deliveries && r.received === r.deliveries && r.seconds <= 30;
  rows.push({
    scenario: `8. webhook deliveries drained, ${label}`,
    rps: r.perSecond,
    errors: String(r.deliveries - r.succeeded),
    note: `${r.succeeded.toLocaleString('en')} of ${r.deliveries.toLocaleString('en')} delivered (receiver saw ${r.received}) in ${r.seconds.toFixed(2)} s`,
    target: '1,000 in ≤ 30 s',
    ok,
  });
  log(`  webhooks (${label}): ${rows.at(-1)!.note}`);
}
