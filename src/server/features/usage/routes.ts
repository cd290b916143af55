// GET /api/usage: the agency's counts against its plan's limits (dashboard bars, list headers).
import { Hono } from 'hono';
import type { Usage } from '#shared/usage.ts';
import { type AppEnv, requireUser } from '../../context.ts';
import { countRows, readLimit } from '../limits/service.ts';

export function usageRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/usage', requireUser);
  r.get('/usage', async (c) => {
    const { db } = c.var.deps;
    const { agency } = c.var.actor;
    const [policyCount, policyLimit, customerCount, customerLimit] = await Promise.all([
      countRows(db, agency.id, 'policies'),
      readLimit(db, agency.tier, 'policies'),
      countRows(db, agency.id, 'customers'),
      readLimit(db, agency.tier, 'customers'),
    ]);
    const usage: Usage = {
      policies: { count: policyCount, limit: policyLimit },
      customers: { count: customerCount, limit: customerLimit },
      tier: agency.tier,
    };
    return c.json(usage);
  });
  return r;
}
