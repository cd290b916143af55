// Each feature adds its routes here (one line each), and its upload paths to LARGE_BODY_PREFIXES.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { adminUserRoutes } from './admin/routes.ts';
import { agencyRoutes } from './agencies/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { teamRoutes } from './team/routes.ts';

/** Paths that carry uploads and set their own body limit. */
export const LARGE_BODY_PREFIXES: string[] = [];

export function featureRoutes() {
  const r = new Hono<AppEnv>();
  r.route('/', adminUserRoutes());
  r.route('/', teamRoutes());
  r.route('/', invitationRoutes());
  r.route('/', agencyRoutes());
  r.route('/', contactRoutes());
  return r;
}
