// /api/admin/jobs (super admin): the job queue of Admin › System, and Retry of a failed job.
import { Hono } from 'hono';
import { JOBS_TEXT, jobsQuerySchema } from '#shared/jobs.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam, validate } from '#server/http.ts';
import { requireSuperAdmin } from '#server/platform/access.ts';
import { listJobs, retryFailedJob } from './jobs-service.ts';

export function systemRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/admin/jobs', requireSuperAdmin);
  r.use('/admin/jobs/*', requireSuperAdmin);
  r.get('/admin/jobs', async (c) => c.json(await listJobs(c.var.deps.db, validate(jobsQuerySchema, c.req.query()))));
  r.post('/admin/jobs/:id/retry', async (c) => c.json({ job: await retryFailedJob(c.var.deps.db, idParam(c, 'id', JOBS_TEXT.notFound)) }));
  return r;
}
