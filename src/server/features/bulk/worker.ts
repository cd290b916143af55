// The bulk worker main.ts starts: resumes jobs whose instance stopped (their lease expired) and,
// one instance at a time (the scheduled_jobs lease), purges the journals older than 24 hours.
import type { Deps } from '#server/context.ts';
import { takeLease } from '../renewals/digest.ts';
import { purgeBulkJournals, resumeBulkJobs } from './service.ts';

export const BULK_PURGE_JOB = 'bulk-purge';

export async function bulkTick(deps: Deps, holder: string): Promise<void> {
  await resumeBulkJobs(deps, holder);
  // the lease is kept until it expires (5 minutes): the purge runs at most that often
  if (await takeLease(deps.db, BULK_PURGE_JOB, holder)) await purgeBulkJournals(deps.db);
}

export function startBulkWorker(deps: Deps, everyMs = 5_000): () => void {
  const holder = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = bulkTick(deps, holder)
      .catch((err: unknown) => deps.logger.error({ err }, 'bulk worker tick failed'))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
