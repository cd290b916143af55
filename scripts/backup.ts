// npm run backup [-- FILE]: a consistent archive of the embedded database and DATA_DIR's files
// (decision 042). While the server runs, the server writes it (it alone has the database open); when
// it does not, this script opens the folder itself. On PostgreSQL: pg_dump and the bucket's versioning.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError, writeBackup, type BackupSummary } from '#server/backup/archive.ts';
import { answeringServer, requestBackup } from '#server/backup/control.ts';
import { loadConfig } from '#server/config.ts';
import { openPglite } from '#server/db/client.ts';
import { acquireDataDirLock } from '#server/db/lock.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (e.g. `pg_dump -Fc "$DATABASE_URL" > policydesk.dump`) and keep uploaded files with your S3 bucket\'s versioning. See the README, "Backups".');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(process.argv[2] ?? `policydesk-backup-${stamp}.tar.gz`);
const dataDir = path.resolve(config.DATA_DIR);
if (!existsSync(path.join(dataDir, 'db'))) {
  console.error(`Nothing to back up: ${dataDir} has no database (set DATA_DIR to the server's folder).`);
  process.exit(1);
}

let summary: BackupSummary;
try {
  const pid = answeringServer(dataDir);
  if (pid) {
    console.log(`The server (pid ${pid}) has ${dataDir} open: it writes the backup.`);
    summary = await requestBackup(dataDir, pid, out);
  } else {
    const release = acquireDataDirLock(dataDir);
    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      summary = await writeBackup({ pglite: database.pglite!, dataDir }, out);
    } finally {
      await database.close();
      release();
    }
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}
const { manifest } = summary;
console.log(
  `Backup written: ${summary.file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB; the database at migration ${manifest.database.migrations}, ${manifest.files} files)`,
);
if (config.S3_BUCKET) console.log(`Uploaded files are in the S3 bucket ${config.S3_BUCKET}, not in this archive: keep them with the bucket's versioning.`);
