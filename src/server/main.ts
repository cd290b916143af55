// Reads config, opens the database, runs migrations, listens; closes cleanly on SIGINT/SIGTERM.
// With PostgreSQL it runs one worker process per core (node:cluster, WORKERS): the primary migrates
// and seeds once, then forks the workers that serve; SIGTERM stops them all gracefully. PGlite (one
// connection per data folder, no lock between processes) always runs in one process.
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { buildDeps, openDatabase, prepareDatabase, seedEssentials } from './bootstrap.ts';
import { ConfigError, loadConfig, type LoadedConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { drainBackgroundMail } from './mail.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { startAllJobs } from './jobs/all.ts';
import { keepConnectionsAlive } from './keep-alive.ts';
import { answerBackupRequests } from './backup/control.ts';
import { gracefulServer } from './shutdown.ts';

// No allocation-site pretenuring (decision 037): once V8 had seen a site's objects survive (rows of
// earlier requests), it allocated that site's objects straight in the old generation, and a full
// export's short-lived rows piled up there until the next full collection: a worker grew by
// 100–150 MB during one export, and by about 10 MB without it. A server's allocations are
// request-scoped and die young, which is what the young generation is for.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const workers = config.DATABASE_URL ? (config.WORKERS ?? os.availableParallelism()) : 1;
  if (cluster.isPrimary && workers > 1) return primary(config, workers, logger, started);
  const isWorker = cluster.isWorker;
  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
  const database = await openDatabase(config);
  // A cluster's primary has migrated and seeded before forking.
  if (!isWorker) await prepareDatabase(database);
  let deps;
  try {
    deps = buildDeps(config, database, logger);
    if (!isWorker) await seedEssentials(deps);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    await database.close();
    releaseLock();
    process.exit(1);
  }

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webRoot = process.env.WEB_ROOT ?? path.resolve(here, '../web');
  // set on SIGTERM: /api/health answers 503 "draining" from then on
  let closing = false;
  const app = createApp(deps, { webRoot, draining: () => closing });
  // Every background job (digest, purges, webhook deliveries, bulk changes, imports) and schedule:
  // one loop over the jobs table (decision 043). API tests never start it; they run jobs directly.
  const stopJobs = startAllJobs(deps);
  // npm run backup while the server runs: the embedded database is open here only (decision 042)
  const stopBackups = database.pglite ? answerBackupRequests(config.DATA_DIR, database.pglite, logger) : () => {};
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    if (isWorker) return logger.debug({ worker: cluster.worker?.id, pid: process.pid }, 'worker listening');
    logger.info(
      { url: config.appUrl, listen: `${info.address}:${info.port}`, database: database.kind, mail: deps.mailer.kind, startupMs: Math.round(performance.now() - started) },
      'PolicyDesk is ready',
    );
  });
  keepConnectionsAlive(server as unknown as import('node:http').Server);
  const graceful = gracefulServer(server as unknown as import('node:http').Server);

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // this process's running jobs go back to the queue: another instance takes them over now
    const jobsReleased = stopJobs().catch(() => 0);
    stopBackups();
    const graceMs = config.SHUTDOWN_GRACE_MS;
    logger.info({ signal, graceMs }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), graceMs + 10_000);
    force.unref();
    logger.info({ jobs: await jobsReleased }, 'running jobs handed back');
    // answers while a load balancer notices the draining health check, then stops accepting; each
    // connection is let go once answered (not after the client's keep-alive timeout)
    await graceful.close(graceMs);
    const mails = await drainBackgroundMail();
    if (mails) logger.info({ mails }, 'background mail sent');
    await database.close();
    releaseLock();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The cluster's primary: migrate and seed once, fork the workers (they share the port; the primary
 * hands each new connection to the next worker), replace a worker that dies, and on SIGTERM/SIGINT
 * pass the signal on and exit once every worker has finished its requests and closed its pool.
 */
async function primary(config: LoadedConfig, count: number, logger: Logger, started: number) {
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database);
    await seedEssentials(buildDeps(config, database, logger));
  } catch (err) {
    await database.close();
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  await database.close();
  let closing = false;
  let listening = 0;
  const fork = () => cluster.fork();
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === count)
      logger.info(
        { url: config.appUrl, listen: `${address.address ?? config.HOST}:${address.port}`, database: 'postgres', workers: count, startupMs: Math.round(performance.now() - started) },
        'PolicyDesk is ready',
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        process.exit(0);
      }
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'a worker stopped; starting another');
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, workers: count }, 'shutting down: workers finish their in-flight requests');
    // each worker drains for SHUTDOWN_GRACE_MS, then has up to 10 s for its requests
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 12_000);
    force.unref();
    const alive = Object.values(cluster.workers ?? {});
    if (!alive.length) process.exit(0);
    for (const worker of alive) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
