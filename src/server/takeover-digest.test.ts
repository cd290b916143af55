// Issue 27 §3: the daily digest goes out once per agent per day with two real server processes
// scheduling it, across a restart at 07:00 (the agency's local send hour) and a SIGKILL of the
// process that is sending it. Both instances share a shifted digest clock (DIGEST_CLOCK_OFFSET_MS,
// tests only) so 07:00 in New York arrives a few seconds after they start, and run the digest's
// schedule every second (DIGEST_EVERY_MS) instead of every five minutes. Mail goes to an SMTP server
// in this process, which records each message's recipient and Message-ID.
// Needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant } from '#shared/time.ts';
import { createDatabase, holderOf, registerOwner, startInstance, stopAll, type Instance, type Owner, type TestDatabase } from './test/instances.ts';

// not again through PgBouncer in CI's pooler stage (its time budget; takeover.test.ts runs there)
const baseUrl = process.env.DATABASE_POOLER ? undefined : process.env.TEST_DATABASE_URL;
const AGENTS = 100;
/** the digest whose SMTP transaction is held open while its sender is killed (marked, not yet sent) */
const HOLD_AT = 30;
const TIME_ZONE = 'America/New_York';
const DAY = '2026-12-01';
/** real time from the instances' start until 07:00 on their digest clock: start-up and seeding fit in it */
const LEAD_MS = 45_000;

if (!baseUrl) console.info('takeover-digest.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server, no DATABASE_POOLER) to run two instances on one database');

describe.skipIf(!baseUrl)('the daily digest with two instances across a restart at 07:00', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'policydesk-takeover-digest-'));
  const instances: Instance[] = [];
  let database: TestDatabase;
  let owner: Owner;
  let sevenReal = 0;
  let env: Record<string, string> = {};
  /** every message to an agent the SMTP server accepted: recipient, Message-ID and subject */
  const received: { to: string; messageId: string; subject: string }[] = [];
  let release: ((err: Error) => void) | undefined;
  let holding: (to: string) => void = () => {};
  const held = new Promise<string>((resolve) => (holding = resolve));
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const messageId = /^message-id:\s*(.+)$/im.exec(header)?.[1].trim() ?? '';
        const subject = /^subject:\s*(.+)$/im.exec(header)?.[1].trim() ?? '';
        // the agents' mail only (the owner's verification mail goes here too)
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).filter((address) => address.startsWith('agent'));
        if (to.length && received.length === HOLD_AT && !release) {
          // not accepted (no 250) until its sender has been killed: a digest marked but not sent
          release = callback;
          return holding(to[0]);
        }
        for (const address of to) received.push({ to: address, messageId, subject });
        callback();
      });
    },
  });
  const start = async (name: string) => {
    const instance = await startInstance({ name, databaseUrl: database.url, dataDir, env });
    instances.push(instance);
    return instance;
  };
  const one = async (text: string, params: unknown[] = []) => (await database.db.query(text, params)).rows[0] as Record<string, unknown>;
  const count = async (text: string, params: unknown[] = []) => Number((await one(text, params)).n);

  beforeAll(async () => {
    database = await createDatabase(baseUrl!, 'policydesk_digest');
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    sevenReal = Date.now() + LEAD_MS;
    env = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DIGEST_CLOCK_OFFSET_MS: String(zonedInstant(DAY, '07:00', TIME_ZONE).getTime() - sevenReal),
      DIGEST_EVERY_MS: '1000',
    };
    const [a] = await Promise.all([start('a'), start('b')]);
    owner = await registerOwner(a, database.db);
    const { db } = database;
    await db.query(`update agencies set timezone = $2 where id = $1`, [owner.agencyId, TIME_ZONE]);
    // AGENTS members, each with one term ending ten days after the digest's day
    await db.query(
      `insert into "user" (id, name, email, email_verified, first_name)
       select 'agent-' || g, 'Agent ' || g, 'agent' || g || '@example.com', true, 'Agent' from generate_series(1, ${AGENTS}) g`,
    );
    await db.query(`insert into agency_members (agency_id, user_id, role) select $1, 'agent-' || g, 'team_member' from generate_series(1, ${AGENTS}) g`, [owner.agencyId]);
    await db.query(
      `insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount, coverage_amount, deductible, start_date, end_date, status, assignee_id)
       select $1, 'DG-' || g, 'Acme', 'fire', 'Customer ' || g, 'c' || g || '@example.com', 100, 1000, 10, $2::date - 355, $2::date, 'active', 'agent-' || g
       from generate_series(1, ${AGENTS}) g`,
      [owner.agencyId, addDays(DAY, 10)],
    );
    expect(Date.now(), 'start-up and seeding took longer than LEAD_MS').toBeLessThan(sevenReal - 2_000);
  }, 120_000);

  afterAll(async () => {
    await stopAll(instances);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('each agent gets one digest for the day, though both instances schedule it and each is killed once around 07:00', async () => {
    const [a, b] = instances;
    // nothing before 07:00, though both instances have run the digest every second
    await new Promise((r) => setTimeout(r, sevenReal - 1_500 - Date.now()));
    expect(received).toHaveLength(0);
    expect(await count(`select count(*) as n from jobs where name = 'renewals.digest' and state = 'done'`)).toBeGreaterThan(2);

    // a restart at 07:00: A is killed a moment before it and started again
    a.child.kill('SIGKILL');
    await a.exited;
    const restarted = start('a2');

    // the instance sending the digests (B, or the restarted A) is killed part-way through them,
    // while one digest's SMTP transaction is open (its marker committed, the mail not accepted)
    const heldFor = await held;
    // the digest run sends each digest itself, right after committing its marker and send job
    const sender = await holderOf(database.db, 'renewals.digest');
    const victim = sender === b.pid ? b : await restarted;
    expect(victim.pid).toBe(sender);
    victim.child.kill('SIGKILL');
    await victim.exited;
    release?.(new Error('the sender is gone'));
    const atKill = {
      held: heldFor,
      received: received.length,
      markers: await count(`select count(*) as n from digest_deliveries where day = $1`, [DAY]),
      unsent: await count(`select count(*) as n from jobs where name = 'renewals.digest-send' and state <> 'done'`),
      killed: victim === b ? 'b' : 'a2',
    };
    console.info('at the kill:', JSON.stringify(atKill));
    expect(atKill.received).toBe(HOLD_AT);
    expect(atKill.markers).toBeGreaterThan(HOLD_AT);
    // and started again, so two instances schedule the digest from here on
    await start(victim === b ? 'b2' : 'a3');

    // the survivors finish: every agent has a digest, no send job is left
    await expect
      .poll(async () => new Set(received.map((m) => m.to)).size, { timeout: 120_000, interval: 250 })
      .toBe(AGENTS);
    await expect
      .poll(() => count(`select count(*) as n from jobs where name = 'renewals.digest-send' and state <> 'done'`), { timeout: 60_000, interval: 250 })
      .toBe(0);
    // three more digest runs after the last send: none sends anything again
    const runs = await count(`select count(*) as n from jobs where name = 'renewals.digest' and state = 'done'`);
    await expect.poll(() => count(`select count(*) as n from jobs where name = 'renewals.digest' and state = 'done'`), { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(runs + 3);

    const byAgent = new Map<string, Set<string>>();
    for (const m of received) byAgent.set(m.to, (byAgent.get(m.to) ?? new Set()).add(m.messageId));
    for (let g = 1; g <= AGENTS; g += 1) expect(byAgent.get(`agent${g}@example.com`)?.size, `agent${g}`).toBe(1);
    expect(received.every((m) => m.subject.includes(`Your renewals for ${DAY}`))).toBe(true);
    // a second copy only of a send in flight at the kill (accepted by the server, not yet marked
    // done), with the same Message-ID for the receiver to drop; one marker and one job per agent
    console.info('mails received:', received.length, 'for', AGENTS, 'agents; the last', Date.now() - sevenReal, 'ms after 07:00');
    expect(received.length - AGENTS).toBeLessThanOrEqual(5);
    expect(await count(`select count(*) as n from digest_deliveries where day = $1`, [DAY])).toBe(AGENTS);
    expect(await count(`select count(distinct payload->>'userId') as n from jobs where name = 'renewals.digest-send' and state = 'done'`)).toBe(AGENTS);
    expect(await count(`select count(*) as n from jobs where name = 'renewals.digest-send'`)).toBe(AGENTS);
    expect(await count(`select count(*) as n from jobs where state = 'running' and locked_until < now()`)).toBe(0);
  }, 300_000);
});
