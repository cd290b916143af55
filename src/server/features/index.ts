// Each feature adds its routes here (one line each), and its upload paths to LARGE_BODY_PREFIXES.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { contactRoutes } from './contact/routes.ts';

/** Paths that carry uploads and set their own body limit. */
export const LARGE_BODY_PREFIXES: string[] = [];

export function featureRoutes() {
  const r = new Hono<AppEnv>();
  r.route('/', contactRoutes());
  return r;
}
