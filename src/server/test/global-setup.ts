// Migrates one database once; every test file then gets its own copy of it:
// a PGlite data-dir snapshot, or (TEST_DATABASE_URL) a PostgreSQL template database.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

export const PG_TEMPLATE = 'policydesk_test_template';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE}`;
    const db = await openPostgres(templateUrl.toString(), 1);
    await runMigrations(db);
    await db.close();
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
