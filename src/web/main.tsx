import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { Providers } from './app/providers.tsx';
import type { RoutePreload } from './app/lazy.ts';
import { AppRoutes, routes } from './app/router.tsx';
import { noteFrameFocus } from './lib/frame-focus.ts';
import './styles.css';

const root = document.getElementById('root')!;

async function start() {
  // Load the matched routes' lazy chunks first (in parallel), so the first render shows the page at
  // once; a marketing page arrives pre-rendered (scripts/prerender-plugin.ts), and this makes the
  // first render the same markup, which React then hydrates instead of replacing.
  const framed = root.querySelector('[data-signed-in-frame]') !== null;
  const prerendered = !framed && root.hasChildNodes();
  // a Tab pressed on the frame (its skip link) is handed to the shell when the app draws over it
  if (framed) noteFrameFocus(root);
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
  if (framed) {
    // A signed-in page's frame (decisions 075, 080) stays on screen until the page replaces it in one
    // commit: its first render waits for the session and the first screen's data (asked for by the
    // routes' preload above, joined here), then runs as a transition, which React renders in slices
    // of a few milliseconds instead of one long task; the frame is not hydrated.
    await import('./lib/page-data.ts').then((m) => m.firstScreen(window.location.pathname));
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  } else if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
