// npm run restore FILE: brings a backup (npm run backup) back into an empty DATA_DIR (decision 042);
// a folder with anything in it is refused. Start the server afterwards: it migrates as at every start.
import path from 'node:path';
import { BackupError, restoreBackup } from '#server/backup/archive.ts';
import { loadConfig } from '#server/config.ts';
import { acquireDataDirLock } from '#server/db/lock.ts';

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (into DATA_DIR, which must be empty)');
  process.exit(2);
}
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore from your pg_dump, not from this archive. See the README, "Backups".');
  process.exit(1);
}
const dataDir = path.resolve(config.DATA_DIR);
let release = () => {};
try {
  // no server may start on the folder meanwhile (restoreBackup does not count this lock's own file)
  release = acquireDataDirLock(dataDir);
  const manifest = await restoreBackup(file, dataDir);
  console.log(`Restored ${path.resolve(file)} (taken ${manifest.createdAt}; the database at migration ${manifest.database.migrations}, ${manifest.files} files) into ${dataDir}.`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  release();
}
