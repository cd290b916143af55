// Vite plugin: after the client build, pre-renders the marketing pages (issue 17) so their content
// paints before any JavaScript runs. It builds src/web/prerender.tsx for Node into a temporary
// folder inside the project (its packages resolve from node_modules), renders each path with
// react-dom/server into the built index.html's #root, and writes <outDir>/prerendered/<name>.html
// plus routes.json (path → file, or → { file, withoutQueryOnly } for a page whose content depends on
// the query string), which the server serves for those paths (src/server/app.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

export const PRERENDER_DIR = 'prerendered';

export function fileFor(pathname: string): string {
  return `${pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '--')}.html`;
}

export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let skip = false;
  return {
    name: 'policydesk-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      const tmp = path.resolve(root, `../../.prerender-build-${process.pid}`);
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: 'prerender.tsx', outDir: tmp, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const mod = (await import(pathToFileURL(path.join(tmp, 'prerender.js')).href)) as {
          PRERENDERED_PATHS: string[];
          WITHOUT_QUERY_ONLY: string[];
          render: (pathname: string) => Promise<string>;
        };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
        mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
        const routes: Record<string, string | { file: string; withoutQueryOnly: true }> = {};
        for (const pathname of mod.PRERENDERED_PATHS) {
          const html = await mod.render(pathname);
          const file = fileFor(pathname);
          writeFileSync(path.join(outDir, PRERENDER_DIR, file), template.replace('<div id="root"></div>', `<div id="root">${html}</div>`));
          routes[pathname] = mod.WITHOUT_QUERY_ONLY.includes(pathname) ? { file, withoutQueryOnly: true } : file;
        }
        writeFileSync(path.join(outDir, PRERENDER_DIR, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
