// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the PGlite folder in
// DATA_DIR (refused while a server uses that folder). The server also migrates at start.
import { openDatabase, prepareDatabase } from '../src/server/bootstrap.ts';
import { loadConfig } from '../src/server/config.ts';
import { acquireDataDirLock } from '../src/server/db/lock.ts';

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
