// Migrates one database once; every test file then gets its own copy of it:
// a PGlite data-dir snapshot, or (TEST_DATABASE_URL) a PostgreSQL template database (test/postgres.ts).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../db/client.ts';
import { testPostgres, withDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

export const PG_TEMPLATE = 'policydesk_test_template';

export default async function setup(project: TestProject) {
  const postgres = testPostgres();
  if (postgres) {
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    // Migrated the way the app migrates: through the pooler when there is one.
    const db = await openPostgres(withDatabase(postgres.url, PG_TEMPLATE), { max: 1, pooler: postgres.pooler });
    await runMigrations(db);
    await db.close();
    // A pooler keeps its server connections to the template open; a copy needs it unused.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [PG_TEMPLATE]);
    await admin.end();
    project.provide('pgTemplateDb', PG_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return;
  }
  const db = await openPglite(undefined);
  await runMigrations(db);
  const dump = await db.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `policydesk-test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
}
