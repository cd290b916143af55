// Reads config, opens the database, runs migrations, listens; closes cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { buildDeps, openDatabase, prepareDatabase, seedEssentials } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { drainBackgroundMail } from './mail.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { startScheduler } from './features/renewals/digest.ts';
import { startWebhookWorker } from './features/webhooks/worker.ts';
import { startDocumentPurge } from './features/documents/purge.ts';
import { startBulkWorker } from './features/bulk/worker.ts';

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
  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  let deps;
  try {
    deps = buildDeps(config, database, logger);
    await seedEssentials(deps);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    await database.close();
    releaseLock();
    process.exit(1);
  }

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webRoot = process.env.WEB_ROOT ?? path.resolve(here, '../web');
  const app = createApp(deps, { webRoot });
  // The daily digest; API tests never start it (they call runDigest directly).
  const stopScheduler = startScheduler(deps);
  // Webhook deliveries: every few seconds and right after events are written (decision 028).
  const stopWebhooks = startWebhookWorker(deps);
  const stopPurge = startDocumentPurge(deps);
  // Bulk jobs left by a stopped instance resume here; their journals are purged after 24 hours.
  const stopBulkWorker = startBulkWorker(deps);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      { url: config.appUrl, listen: `${info.address}:${info.port}`, database: database.kind, mail: deps.mailer.kind, startupMs: Math.round(performance.now() - started) },
      'PolicyDesk is ready',
    );
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopScheduler();
    stopWebhooks();
    stopPurge();
    stopBulkWorker();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop accepting; a keep-alive connection is let go as soon as its request has been answered
    // (close() alone would wait for the client's keep-alive timeout).
    const http = server as unknown as { closeIdleConnections?: () => void };
    const sweep = setInterval(() => http.closeIdleConnections?.(), 50);
    sweep.unref();
    server.close(async () => {
      clearInterval(sweep);
      const mails = await drainBackgroundMail();
      if (mails) logger.info({ mails }, 'background mail sent');
      await database.close();
      releaseLock();
      logger.info('stopped');
      process.exit(0);
    });
    http.closeIdleConnections?.();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
