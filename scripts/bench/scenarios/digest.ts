// Scenario 2b: the daily renewals digest over every agency, in process.
import path from 'node:path';
import { type Deps } from '#server/context.ts';
import { openPostgres } from '#server/db/client.ts';
import { runDigest } from '#server/features/renewals/digest.ts';
import { createLogger } from '#server/logger.ts';
import { createMailer } from '#server/mail.ts';
import { log, rows, SIZE, work } from '../context.ts';
import { type Postgres, sql } from '../postgres.ts';

/**
 * One digest run over the whole book, as the scheduler runs it at 08:00 UTC: the window
 * notifications (one INSERT … SELECT) and one e-mail per agent, written to an outbox folder.
 */
export async function digestScenario(pgInfo: Postgres) {
  log(`scenario 2b: daily renewals digest over ${SIZE.agencies.toLocaleString('en')}+ agencies`);
  const database = await openPostgres(pgInfo.url, { max: 4 });
  const outboxDir = path.join(work, 'digest-outbox');
  const logger = createLogger('warn');
  const deps = { db: database.db, database, logger, mailer: createMailer({ from: 'bench@policydesk.test', outboxDir, logger }), config: { appUrl: 'http://127.0.0.1' } } as unknown as Deps;
  const now = new Date(`${new Date().toISOString().slice(0, 10)}T08:00:00Z`);
  const t0 = performance.now();
  const result = await runDigest(deps, now);
  const seconds = (performance.now() - t0) / 1000;
  const counted = await sql(pgInfo.url, `select count(*)::int as n from notifications where kind in ('renewal_window', 'renewal_lapsed')`);
  const n = Number(counted.rows[0]?.n ?? 0);
  await database.close();
  const note = `${result.sent.toLocaleString('en')} digests e-mailed and ${Number(n).toLocaleString('en')} window/lapse notifications in ${seconds.toFixed(1)} s`;
  rows.push({ scenario: '2b. daily digest, every agency', note, target: '≤ 60 s for 1,000 agencies', ok: result.ran && seconds <= 60 });
  log(`  digest: ${note}`);
}
