import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { Providers } from './app/providers.tsx';
import type { RoutePreload } from './app/lazy.ts';
import { AppRoutes, routes } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root')!;

async function start() {
  // Load the matched routes' lazy chunks first (in parallel), so the first render shows the page at
  // once; a marketing page arrives pre-rendered (scripts/prerender-plugin.ts), and this makes the
  // first render the same markup, which React then hydrates instead of replacing.
  const prerendered = root.hasChildNodes();
  await Promise.all((matchRoutes(routes, window.location) ?? []).map((m) => (m.route.handle as RoutePreload | undefined)?.preload()));
  const app = (
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
