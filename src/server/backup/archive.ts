// Backups of the embedded database (PGlite) and its DATA_DIR, as one .tar.gz (decision 042):
//   policydesk-backup.json   what it is (format, version, when, the database's migrations)
//   database.tar             PGlite's own dump of DATA_DIR/db (dumpDataDir), taken with no transaction open
//   data/…                   every other file of DATA_DIR: uploaded files, outbox, auth-secret
// The dump runs in the process that has the database open (one connection per process): the server
// itself when it runs (control.ts), else the backup script.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { openPglite } from '../db/client.ts';

export const BACKUP_FORMAT = 'policydesk-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'policydesk-backup.json';
const DATABASE = 'database.tar';
const DATA = 'data';
/** DATA_DIR entries that are not data: the database (dumped instead), the lock, this module's own folder. */
export const CONTROL_DIR = 'backup';
const NOT_DATA = new Set(['db', 'server.pid', CONTROL_DIR]);

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: { kind: 'pglite'; server: string; migrations: number };
  /** files under data/ (uploaded files, outbox, secret) */
  files: number;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export class BackupError extends Error {}

/**
 * Writes the archive to `out` (under a temporary name first, so a file at `out` is always whole).
 * Requests wait while the database is copied (PGlite's one connection is busy); the files are read
 * afterwards, while requests are served again.
 * A file a later row refers to was written before that row committed, so every file the dump names
 * is there; a file uploaded after the dump is an orphan the restore carries along.
 */
export async function writeBackup(source: { pglite: PGlite; dataDir: string }, out: string): Promise<BackupSummary> {
  const { pglite } = source;
  const dataDir = path.resolve(source.dataDir);
  const target = path.resolve(out);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose another file name`);
  const staging = path.join(dataDir, CONTROL_DIR, `staging-${randomUUID()}`);
  mkdirSync(staging, { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  try {
    // Inside a transaction of its own: PGlite runs one transaction at a time, so no other is open
    // while the files are copied (dumpDataDir waits only for the statement in flight).
    const { dump, server, migrations } = await pglite.transaction(async (tx) => {
      // written out to the data files, so the copy starts without WAL to replay
      await tx.exec('checkpoint');
      const info = await tx.query<{ server: string; migrations: number }>(
        `select version() as server, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
      );
      return { dump: await pglite.dumpDataDir('none'), ...info.rows[0] };
    });
    writeFileSync(path.join(staging, DATABASE), Buffer.from(await dump.arrayBuffer()));
    const entries = readdirSync(dataDir).filter((name) => !NOT_DATA.has(name) && !name.startsWith('.'));
    let files = 0;
    const skip = (p: string) => path.resolve(dataDir, p) === target || path.resolve(dataDir, p).startsWith(`${target}.partial`);
    for (const entry of entries) files += countFiles(path.join(dataDir, entry), skip);
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), database: { kind: 'pglite', server, migrations }, files };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const staged = path.relative(dataDir, staging);
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: dataDir,
        portable: true,
        filter: (p) => !skip(p),
        // the staged files at the archive's top, DATA_DIR's own under data/
        onWriteEntry(entry) {
          entry.path = entry.path.startsWith(`${staged}/`) ? entry.path.slice(staged.length + 1) : `${DATA}/${entry.path}`;
        },
      },
      [path.join(staged, MANIFEST), path.join(staged, DATABASE), ...entries],
    );
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, manifest };
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

function countFiles(file: string, skip: (p: string) => boolean): number {
  if (skip(file)) return 0;
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return 1;
  return readdirSync(file).reduce((n, name) => n + countFiles(path.join(file, name), skip), 0);
}

/** What is in DATA_DIR besides this process's own lock file. */
function occupants(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter((name) => !(name === 'server.pid' && readFileSync(path.join(dataDir, name), 'utf8').trim() === String(process.pid)));
}

/**
 * Brings an archive back into an empty (or missing) DATA_DIR: the files, then the database, which
 * PGlite loads from its dump into DATA_DIR/db. A non-empty folder is refused, so nothing is ever
 * overwritten; a failed restore leaves the folder empty again.
 */
export async function restoreBackup(file: string, dataDirGiven: string): Promise<BackupManifest> {
  const archive = path.resolve(file);
  const dataDir = path.resolve(dataDirGiven);
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist`);
  const present = occupants(dataDir);
  if (present.length)
    throw new BackupError(`DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore only into an empty folder; move the current one away first`);
  mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  mkdirSync(staging);
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true, preserveOwner: false });
    } catch (err) {
      throw new BackupError(`${archive} is not a readable backup archive: ${(err as Error).message}`, { cause: err });
    }
    const manifest = readManifest(path.join(staging, MANIFEST), archive);
    const dump = path.join(staging, DATABASE);
    if (!existsSync(dump)) throw new BackupError(`${archive} has no ${DATABASE}`);
    const data = path.join(staging, DATA);
    if (existsSync(data)) for (const name of readdirSync(data)) renameSync(path.join(data, name), path.join(dataDir, name));
    const database = await openPglite(path.join(dataDir, 'db'), new Blob([readFileSync(dump)]));
    try {
      const found = await database.pglite!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      if (found.rows[0].n !== manifest.database.migrations)
        throw new BackupError(`the restored database has ${found.rows[0].n} migrations, the archive says ${manifest.database.migrations}`);
    } finally {
      await database.close();
    }
    rmSync(staging, { recursive: true, force: true });
    return manifest;
  } catch (err) {
    for (const name of occupants(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}

function readManifest(file: string, archive: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${archive} is not a PolicyDesk backup (no ${MANIFEST})`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${archive} is not a PolicyDesk backup (format ${String(manifest.format)})`);
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`${archive} is a backup of version ${String(manifest.version)}; this PolicyDesk reads version ${BACKUP_VERSION}`);
  if (manifest.database?.kind !== 'pglite') throw new BackupError(`${archive} does not hold an embedded database`);
  return manifest as BackupManifest;
}
