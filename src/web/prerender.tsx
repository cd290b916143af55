// Build-time rendering of the marketing pages (issue 17): scripts/prerender-plugin.ts builds this for
// Node after `vite build` and writes each page's HTML; the browser hydrates it (main.tsx).
// The pages' content is static (site-content.ts, the shared plan data): nothing is fetched here, and
// what the pages ask the API for after load (session, page meta) starts from the same empty state
// on the client, so the first client render matches this markup.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { FEATURE_LINKS } from './features/public/site-content.ts';

/** The pre-rendered paths: home, pricing, the features pages and contact. */
export const PRERENDERED_PATHS = ['/', '/pricing', '/features', ...FEATURE_LINKS.map((f) => f.href), '/contact'];

export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
