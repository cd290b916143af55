// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the PGlite folder in
// DATA_DIR (refused while a server uses that folder). The server also migrates at start.
import { openDatabase, prepareDatabase } from '#server/bootstrap.ts';
import { loadConfig } from '#server/config.ts';
import { acquireDataDirLock } from '#server/db/lock.ts';

const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
const database = await openDatabase(config);
try {
  await prepareDatabase(database);
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
  release();
}
