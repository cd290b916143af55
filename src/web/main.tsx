import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root')!;

async function start() {
  // A marketing page arrives pre-rendered (scripts/prerender-plugin.ts): load its lazy route modules
  // first, so the router's first render is the same markup and React hydrates it instead of replacing it.
  const prerendered = root.hasChildNodes();
  if (prerendered) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazy.map(async (m) => {
        const loaded = await (m.route.lazy as () => Promise<Record<string, unknown>>)();
        Object.assign(m.route, { ...loaded, lazy: undefined });
      }),
    );
  }
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
