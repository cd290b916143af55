// The renewals migration's hand-written backfill: existing policies get their creator as assignee
// while the creator is a member of the agency, else the agency's owner.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';

const DIR = path.resolve('src/server/db/migrations');
const files = readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
const renewals = files.findIndex((f) => /renewals/.test(f));

async function apply(database: Database, file: string) {
  const text = readFileSync(path.join(DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await database.pglite!.exec(statement);
}

let database: Database;
beforeAll(async () => {
  database = await openPglite(undefined);
  for (const file of files.slice(0, renewals)) await apply(database, file);
});
afterAll(async () => database.close());

it('assigns each existing policy to its creator if still a member, else to the owner', async () => {
  const q = (text: string) => database.pglite!.exec(text);
  await q(`insert into "user" (id, name, email) values ('owner', 'O', 'o@x.test'), ('member', 'M', 'm@x.test'), ('gone', 'G', 'g@x.test')`);
  await q(`insert into agencies (id, name, owner_id) values ('00000000-0000-0000-0000-0000000000a1', 'A', 'owner')`);
  await q(`insert into agency_members (agency_id, user_id, role) values ('00000000-0000-0000-0000-0000000000a1', 'owner', 'owner'), ('00000000-0000-0000-0000-0000000000a1', 'member', 'team_member')`);
  const policy = (id: string, createdBy: string | null) =>
    q(`insert into policies (id, agency_id, created_by, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount, coverage_amount, deductible, start_date, end_date)
       values ('${id}', '00000000-0000-0000-0000-0000000000a1', ${createdBy ? `'${createdBy}'` : 'null'}, '${id.slice(-2)}', 'Acme', 'car', 'C', 'c@x.test', 1, 1, 0, '2025-01-01', '2026-01-01')`);
  await policy('00000000-0000-0000-0000-0000000000b1', 'member');
  await policy('00000000-0000-0000-0000-0000000000b2', 'gone');
  await policy('00000000-0000-0000-0000-0000000000b3', null);
  await apply(database, files[renewals]);
  const rows = await database.pglite!.query<{ id: string; assignee_id: string; renewal_state: string }>(`select id, assignee_id, renewal_state from policies order by id`);
  expect(rows.rows.map((r) => [r.id.slice(-2), r.assignee_id, r.renewal_state])).toEqual([
    ['b1', 'member', 'not_started'],
    ['b2', 'owner', 'not_started'],
    ['b3', 'owner', 'not_started'],
  ]);
});
