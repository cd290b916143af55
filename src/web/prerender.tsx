// Build-time rendering of the marketing pages (issue 17): scripts/prerender-plugin.ts builds this for
// Node after `vite build` and writes each page's HTML; the browser hydrates it (main.tsx).
// The pages' content is static (site-content.ts, the shared plan data; the login form): nothing is fetched here, and
// what the pages ask the API for after load (session, page meta) starts from the same empty state
// on the client, so the first client render matches this markup.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import type { RoutePreload } from './app/lazy.ts';
import { AppRoutes, routes } from './app/router.tsx';
import type { FramedPath } from './app/signed-in-frames.ts';
import { FEATURE_LINKS } from './features/public/site-content.ts';
import { SignedInFrame } from './app/signed-in-frame.tsx';

/** The pre-rendered paths: home, pricing, the features pages, contact, and the login form. */
export const PRERENDERED_PATHS = ['/', '/pricing', '/features', ...FEATURE_LINKS.map((f) => f.href), '/contact', '/login'];
/**
 * Pages whose content depends on the query string (the login form's notices for ?verified, ?reset,
 * ?error): the server serves their pre-rendered HTML only to a URL without one (decision 035).
 */
export const WITHOUT_QUERY_ONLY = ['/login'];

/**
 * The signed-in pages whose frame (sidebar, header, heading, placeholders: app/signed-in-frame.tsx)
 * is rendered too: each page's module (its chunks are named in the HTML) and the requests its first
 * screen waits for, which the HTML starts (`<link rel="preload" as="fetch">`) while the scripts
 * download; the app's own fetch of the same URL then takes that answer. The server sends a frame only
 * to a request holding a session cookie (decision 075). The scripts start once the frame has painted
 * (src/web/frame-boot.js), or, `scripts: 'with-html'`, for a page whose largest paint is its data
 * (the dashboard's), with the HTML at low priority (decision 080).
 */
export const SIGNED_IN_FRAMES: Record<FramedPath, { module: string; data: string[]; scripts?: 'with-html' }> = {
  '/dashboard': { module: 'features/dashboard/dashboard-page.tsx', data: ['/api/me', '/api/dashboard'], scripts: 'with-html' },
  '/dashboard/policies': { module: 'features/policies/policies-page.tsx', data: ['/api/me'] },
  '/dashboard/customers': { module: 'features/customers/customers-page.tsx', data: ['/api/me'] },
  '/dashboard/renewals': { module: 'features/renewals/renewals-page.tsx', data: ['/api/me'] },
};

export async function render(pathname: string): Promise<string> {
  // the page's lazy chunks first, as main.tsx does, so renderToString renders them, not a fallback
  const matches = matchRoutes(routes, pathname);
  if (!matches) throw new Error(`prerender: no route for ${pathname}`);
  await Promise.all(matches.map((m) => (m.route.handle as RoutePreload | undefined)?.preload()));
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}

/** A signed-in page's frame (decision 075): the same for every user, nothing fetched. */
export function renderFrame(pathname: string): string {
  return renderToString(
    <StaticRouter location={pathname}>
      <SignedInFrame />
    </StaticRouter>,
  );
}
