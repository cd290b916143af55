// Vite plugin: after the client build, pre-renders the marketing pages (issue 17) so their content
// paints before any JavaScript runs. It builds src/web/prerender.tsx for Node into a temporary
// folder inside the project (its packages resolve from node_modules), renders each path with
// react-dom/server into the built index.html's #root, and writes <outDir>/prerendered/<name>.html
// plus routes.json (path → file, or → { file, withoutQueryOnly } for a page whose content depends on
// the query string), which the server serves for those paths (src/server/app.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

export const PRERENDER_DIR = 'prerendered';

export function fileFor(pathname: string): string {
  return `${pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '--')}.html`;
}

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/**
 * The files of `modules` (source paths under src/web) and of everything they import statically, from
 * the build's manifest. A module the build grouped into a named chunk (scripts/chunking.ts) is found
 * by that chunk's name.
 */
export function chunkFiles(manifest: Manifest, modules: string[]): string[] {
  const keyOf = (module: string) =>
    manifest[module] ? module : Object.keys(manifest).find((k) => manifest[k].name === path.basename(module).replace(/\.tsx?$/, ''));
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    if (key !== 'index.html') files.push(manifest[key].file);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const module of modules) {
    const key = keyOf(module);
    if (!key) throw new Error(`prerender: ${module} is not in the build's manifest`);
    walk(key);
  }
  return files;
}

/**
 * The built index.html without its entry script and the entry's modulepreload links (a signed-in
 * frame's head, decision 080): the entry's path and the preloaded files, to be added after the paint.
 */
export function withoutScripts(template: string): { head: string; entry: string; modules: string[] } {
  const script = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!script) throw new Error("prerender: index.html has no entry script");
  const modules: string[] = [];
  const head = template.replace(script[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
    modules.push(href);
    return '';
  });
  return { head, entry: script[1], modules };
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
          SIGNED_IN_FRAMES: Record<string, { module: string; data: string[]; scripts?: 'with-html' }>;
          render: (pathname: string) => Promise<string>;
          renderFrame: (pathname: string) => string;
        };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
        mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
        const routes: Record<string, string | { file: string; withoutQueryOnly: true } | { file: string; signedIn: true }> = {};
        for (const pathname of mod.PRERENDERED_PATHS) {
          const html = await mod.render(pathname);
          const file = fileFor(pathname);
          writeFileSync(path.join(outDir, PRERENDER_DIR, file), template.replace('<div id="root"></div>', `<div id="root">${html}</div>`));
          routes[pathname] = mod.WITHOUT_QUERY_ONLY.includes(pathname) ? { file, withoutQueryOnly: true } : file;
        }
        // the signed-in pages' frames (decision 075): sent only to a browser holding a session, with
        // the page's chunks and the data module named in the HTML, so they download beside the entry
        // instead of after it has run
        // Their JavaScript starts once the frame has painted (decision 080): the entry's script tag and
        // its modulepreload links leave the head, and src/web/frame-boot.js adds them, with the page's
        // chunks, after the first paint. The first screen's requests still start with the HTML.
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const { head: frameTemplate, entry, modules: entryModules } = withoutScripts(template);
        const bootSource = readFileSync(path.join(root, 'frame-boot.js'), 'utf8');
        const bootFile = `assets/frame-boot-${createHash('sha256').update(bootSource).digest('hex').slice(0, 10)}.js`;
        writeFileSync(path.join(outDir, bootFile), bootSource);
        for (const [pathname, { module: pageModule, data, scripts }] of Object.entries(mod.SIGNED_IN_FRAMES)) {
          const html = mod.renderFrame(pathname);
          const file = fileFor(pathname);
          const modules = [...new Set([...entryModules, ...chunkFiles(manifest, ['app/signed-in-shell.tsx', pageModule, 'lib/page-data.ts']).map((f) => `/${f}`)])];
          // the first screen's requests (a fetch's defaults: same origin, cookies sent), then the
          // scripts: after the paint by the loader, or (a page whose largest paint is its data, which
          // waits for them) with the HTML at low priority, so the frame's stylesheet goes first
          const head = [
            ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
            ...(scripts === 'with-html'
              ? [
                  `<script type="module" crossorigin fetchpriority="low" src="${entry}"></script>`,
                  ...modules.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`),
                ]
              : [`<script defer src="/${bootFile}" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`]),
          ].join('');
          writeFileSync(
            path.join(outDir, PRERENDER_DIR, file),
            frameTemplate.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${html}</div>`),
          );
          routes[pathname] = { file, signedIn: true };
        }
        writeFileSync(path.join(outDir, PRERENDER_DIR, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
