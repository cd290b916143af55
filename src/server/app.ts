// Builds the Hono app from its parts. No side effects: tests call app.request() on it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv, Deps } from './context.ts';
import { AppError, databaseUnavailable, errorBody } from './errors.ts';
import { refuseControlCharacters } from './control-characters.ts';
import { drainRequestBody } from './drain.ts';
import { findConnectionLoss } from './db/client.ts';
import { withoutSessionToken } from './features/account/auth-proxy.ts';
import { accountRoutes, DIRECT_AUTH_PATHS } from './features/account/routes.ts';
import { featureRoutes, LARGE_BODY_PREFIXES } from './features/index.ts';
import { wireSubscribers } from './features/subscribers.ts';
import { requestScope } from './logger.ts';
import { sessionHint } from './session-hint.ts';
import { SESSION_HINT_COOKIE } from '#shared/session-hint.ts';
import { API_V1_PREFIX, apiV1Routes } from './features/api/v1/routes.ts';
import { injectMeta, renderRobots, renderSitemap, resolveMeta } from './features/content/seo-service.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AppOptions {
  /** Folder of the built web app (index.html + assets); omitted in API tests. */
  webRoot?: string;
  /** true once a SIGTERM is being drained: /api/health answers 503 so a load balancer stops sending here */
  draining?: () => boolean;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  // the domain events' subscribers (activity, webhooks, bell, API keys): once per process, whatever builds the app
  wireSubscribers();
  const app = new Hono<AppEnv>();
  const trustedOrigins = trustedOriginSet(deps.config.appUrl);

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    // No child logger per request: every line written while the request is served gets its id from
    // the request scope (logger.ts), the request line included.
    c.set('log', deps.logger);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await requestScope.run({ requestId }, async () => {
      await next();
      const p = c.req.path;
      if (p.startsWith('/api/') && p !== '/api/health')
        deps.logger.info({ method: c.req.method, path: p, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
    });
  });

  app.use('*', sessionHint(new URL(deps.config.appUrl).protocol === 'https:'));

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      // a route that sets its own (the public logo and cover images: stricter CSP, cross-origin use in e-mails) keeps it
      overwrite: false,
    }),
  );

  app.use('/api/*', refuseControlCharacters);

  // Cross-site request forgery: a browser names the page that sent a request (Origin or
  // Sec-Fetch-Site); a state-changing request from any other site is refused.
  app.use('/api/*', async (c, next) => {
    // /api/v1 never reads cookies (only a bearer key), so a forged cross-site request carries nothing.
    if (!SAFE_METHODS.has(c.req.method) && !c.req.path.startsWith(`${API_V1_PREFIX}/`)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin && !trustedOrigins.has(origin)) || (!origin && site === 'cross-site'))
        throw new AppError(403, 'CSRF', 'This request came from another site and was refused.');
    }
    await next();
  });

  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: async (c) => {
      // Read and drop the rest first (up to a bound): a socket closed while the client still sends
      // gives it EPIPE or a reset instead of this answer (issue 26). The connection is closed anyway,
      // so a kept-alive one never reads the next request from the middle of this body.
      await drainRequestBody(c);
      c.header('connection', 'close');
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large (1 MB at most).');
    },
  });
  app.use('/api/*', async (c, next) => {
    // A GET or HEAD has no body (bodyLimit itself lets them through), and asking for one would build
    // the full web Request of the lightweight one @hono/node-server hands us (decision 036).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (LARGE_BODY_PREFIXES.some((p) => c.req.path.startsWith(p))) return next();
    return jsonLimit(c, next);
  });

  app.get('/api/health', async (c) => {
    if (options.draining?.()) return c.json({ status: 'draining', database: deps.database.kind }, 503);
    const ok = await deps.database.ping();
    return c.json(
      { status: ok ? 'ok' : 'unavailable', database: deps.database.kind, databaseReachable: ok, mail: deps.mailer.kind, storage: deps.storage.kind },
      ok ? 200 : 503,
    );
  });

  app.get('/api/config', (c) =>
    c.json({
      socialProviders: {
        google: Boolean(deps.config.GOOGLE_CLIENT_ID && deps.config.GOOGLE_CLIENT_SECRET),
        microsoft: Boolean(deps.config.MICROSOFT_CLIENT_ID && deps.config.MICROSOFT_CLIENT_SECRET),
      },
    }),
  );

  app.route(API_V1_PREFIX, apiV1Routes());
  app.route('/api', accountRoutes());
  app.route('/api', featureRoutes());

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const allowed = DIRECT_AUTH_PATHS.some((p) => p.method === c.req.method && p.pattern.test(c.req.path));
    if (!allowed) throw new AppError(404, 'NOT_FOUND', 'Not found');
    const response = await deps.auth.handler(c.req.raw);
    return c.req.path === '/api/auth/get-session' ? withoutSessionToken(response) : response;
  });

  app.all('/api/*', () => {
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });

  if (options.webRoot && existsSync(path.join(options.webRoot, 'index.html'))) mountWeb(app, options.webRoot);

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(errorBody(err), err.status);
    const lost = findConnectionLoss(err);
    if (lost) {
      // PostgreSQL restarting or gone: the transaction died with its connection; the pool reconnects.
      c.var.log?.warn({ code: lost.code, reason: lost.message }, 'database unavailable');
      c.header('retry-after', '5');
      const unavailable = databaseUnavailable();
      return c.json(errorBody(unavailable), unavailable.status);
    }
    c.var.log?.error({ err }, 'unexpected error');
    return c.json(
      { error: { code: 'INTERNAL', message: `Something went wrong. Please try again. (request ${c.var.requestId ?? ''})` } },
      500,
    );
  });

  return app;
}

function mountWeb(app: Hono<AppEnv>, webRoot: string) {
  const root = path.relative(process.cwd(), webRoot) || '.';
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  // The web app's files and pages are sent compressed (gzip or deflate, as the browser accepts):
  // about 450 KB of JavaScript and CSS become about 150 KB (issue 17). The API (registered above,
  // it answers before this) is left as it was.
  app.use('*', compress());
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/robots.txt', (c) => c.text(renderRobots(c.var.deps.config.appUrl)));
  app.get('/sitemap.xml', async (c) => {
    c.header('content-type', 'application/xml; charset=utf-8');
    return c.body(await renderSitemap(c.var.deps.db, c.var.deps.config.appUrl));
  });
  // The marketing pages and the login form pre-rendered at build time (scripts/prerender-plugin.ts,
  // issue 17): their HTML already holds the page, with the same meta tags as below. A page whose
  // content depends on the query string (/login?verified=1 …) gets it only for a URL without one.
  // The signed-in pages' frames (decision 075: sidebar, header, heading, placeholders; nothing of the
  // user's) go only to a browser that holds a session, as the hint says (decision 048): a signed-out
  // one gets the empty shell, which sends it to /login without first drawing the app. The hint grants
  // nothing: the frame is the same for everyone, and the data still needs the session.
  const prerendered = readPrerendered(webRoot);
  if (prerendered.size)
    app.get('*', async (c, next) => {
      const page = prerendered.get(c.req.path);
      if (!page || (page.withoutQueryOnly && new URL(c.req.url).search !== '')) return next();
      if (page.signedIn) {
        if (getCookie(c, SESSION_HINT_COOKIE) === undefined) return next();
        // the answer depends on the cookies: no shared cache may keep it for another visitor
        c.header('vary', 'Cookie');
        return servePage(c, page.html, 'private, no-cache');
      }
      return servePage(c, page.html);
    });
  app.use('*', serveStatic({ root }));
  // Every other GET is a route of the single-page app; a public page gets its own title and meta
  // tags in the HTML, so crawlers see them without running JavaScript.
  app.get('*', (c) => servePage(c, indexHtml));
}

async function servePage(c: Context<AppEnv>, html: string, cacheControl = 'no-cache') {
  c.header('cache-control', cacheControl);
  const meta = await resolveMeta(c.var.deps.db, c.req.path).catch((err: unknown) => {
    c.var.log.warn({ err }, 'page meta unavailable; serving the plain app shell');
    return null;
  });
  return c.html(meta ? injectMeta(html, meta, c.var.deps.config.appUrl, c.req.path) : html);
}

/** path → pre-rendered HTML, from <webRoot>/prerendered/routes.json (absent in a build without it). */
function readPrerendered(webRoot: string): Map<string, { html: string; withoutQueryOnly: boolean; signedIn: boolean }> {
  const dir = path.join(webRoot, 'prerendered');
  const manifest = path.join(dir, 'routes.json');
  if (!existsSync(manifest)) return new Map();
  const routes = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string | { file: string; withoutQueryOnly?: boolean; signedIn?: boolean }>;
  return new Map(
    Object.entries(routes).map(([route, entry]) => {
      const { file, withoutQueryOnly = false, signedIn = false } = typeof entry === 'string' ? { file: entry } : entry;
      return [route, { html: readFileSync(path.join(dir, path.basename(file)), 'utf8'), withoutQueryOnly, signedIn }];
    }),
  );
}

export function trustedOriginSet(appUrl: string): Set<string> {
  const origin = new URL(appUrl).origin;
  const set = new Set([origin]);
  set.add(origin.replace('//localhost', '//127.0.0.1'));
  set.add(origin.replace('//127.0.0.1', '//localhost'));
  return set;
}
