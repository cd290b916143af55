// Scenario 8: a bulk status change of 10,000 policies and its undo (issue 13).
import { bulkScenario, seedBulkPolicies } from '../bulk.ts';
import { BULK_POLICIES, log, rows } from '../context.ts';
import { registerAndSignIn } from '../harness.ts';
import { type Postgres, sql } from '../postgres.ts';
import { type Server } from '../server.ts';

/** 8. Bulk status change of 10,000 policies (the job path, with progress) and its undo (issue 13). */
export async function bulkStep(server: Server, pgInfo: Postgres) {
  const exec = (text: string, params: unknown[] = []) => sql(pgInfo.url, text, params).then(() => undefined);
  const agent = await registerAndSignIn(server.url, 'bench-bulk@bench.example', (email) =>
    exec(`update "user" set email_verified = true, subscription_tier = 'enterprise', subscription_status = 'active' where email = $1`, [email]),
  );
  await seedBulkPolicies(pgInfo.url, agent.agencyId, BULK_POLICIES);
  log(`scenario 8: bulk status change of ${BULK_POLICIES.toLocaleString('en')} policies, then its undo`);
  const bulk = await bulkScenario(server.url, agent.cookie, BULK_POLICIES, log);
  rows.push({ scenario: '8. bulk status change + undo, 10,000 policies', note: bulk.note, target: '≤ 10 s each', ok: bulk.ok });
  log(`  bulk: ${bulk.note}`);
}
