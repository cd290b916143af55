// What the signed-in app loads before its first screen (issue 33): the entry, the signed-in shell, the
// dashboard and the list pages must not reach the validation library (zod, about 26 KB gzip), which
// only forms need (the lists read their URL without it, decision 062); no page that doesn't draw a chart or markdown may load recharts (about 107 KB)
// or markdown-it (about 47 KB), not even after its first screen; the list pages load their row menu,
// dialogs and bulk bar when used. Walks the static value imports of the source (type-only and
// dynamic imports are not loaded up front) and names the chain that pulls a forbidden module in, so a
// regression shows which import caused it. When a fresh production build is at hand (npm test builds
// the journeys' one before Vitest runs), each signed-in page's first load is held to its budget.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoad, SIGNED_IN_BUDGET_KB, SIGNED_IN_PAGES } from '../../../scripts/bench/frontend.ts';
import { E2E_BUILD_DIR } from '../../../e2e/support/build.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ALIASES: Record<string, string> = { '#shared/': 'src/shared/', '#web/': 'src/web/', '#server/': 'src/server/' };
const FORBIDDEN = ['zod'];
/** Drawn only by the pages that show a chart or markdown, which load them themselves. */
const DRAWING = ['recharts', 'markdown-it'];
/** Loaded by the list pages when a row's menu, a delete or a selection needs them. */
const ON_USE = [
  'src/web/components/row-actions-menu.tsx',
  'src/web/components/bulk/bulk-bar.tsx',
  'src/web/components/renewal-dialogs.tsx',
  'src/web/features/renewals/renewal-row-menu.tsx',
  'src/web/components/ui/dialog.tsx',
  'src/web/components/ui/dropdown-menu.tsx',
];
const LIST_PAGES = ['src/web/features/policies/policies-page.tsx', 'src/web/features/customers/customers-page.tsx'];
const RENEWALS = 'src/web/features/renewals/renewals-page.tsx';

/** The specifiers a module imports for its values (not `import type`, not `import()`). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm;
  for (const m of source.matchAll(statement)) {
    if (m[5]) {
      found.push(m[5]);
      continue;
    }
    if (m[2]) continue;
    const names = /\{([^}]*)\}/.exec(m[3]);
    const onlyTypes = names !== null && !/^[\w$]/.test(m[3]) && names[1].split(',').every((n) => !n.trim() || n.trim().startsWith('type '));
    if (!onlyTypes) found.push(m[4]);
  }
  return found;
}

function resolve(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (!alias && !spec.startsWith('.')) return null;
  const base = alias ? path.join(ROOT, ALIASES[alias], spec.slice(alias.length)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** The specifiers a module imports with `import('…')`. */
function dynamicImports(source: string): string[] {
  return [...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
}

/**
 * The chain from the root to the first forbidden package or file it reaches, or null; with
 * `later`, following dynamic imports too (what the page loads after its first screen).
 */
function forbiddenChain(root: string, forbidden = FORBIDDEN, later = false): string[] | null {
  const parent = new Map<string, string | null>([[root, null]]);
  const queue = [root];
  const chainTo = (file: string, last: string) => {
    const chain = [last];
    for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.unshift(path.relative(ROOT, f));
    return chain;
  };
  while (queue.length) {
    const file = queue.shift()!;
    const source = readFileSync(file, 'utf8');
    for (const spec of [...valueImports(source), ...(later ? dynamicImports(source) : [])]) {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (forbidden.includes(pkg)) return chainTo(file, spec);
      const next = resolve(file, spec);
      if (next && forbidden.includes(path.relative(ROOT, next))) return chainTo(file, path.relative(ROOT, next));
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('first-load JavaScript of the signed-in app', () => {
  it('reads value imports and skips type-only ones', () => {
    const src = [
      "import { z } from 'zod';",
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      "import { type D, E } from './d.ts';",
      "export * from './e.ts';",
      "import './styles.css';",
      "const lazy = () => import('./f.ts');",
    ].join('\n');
    expect(valueImports(src)).toEqual(['zod', './d.ts', './e.ts', './styles.css']);
  });

  for (const root of ['src/web/main.tsx', 'src/web/app/signed-in-shell.tsx', 'src/web/features/dashboard/dashboard-page.tsx', ...LIST_PAGES, RENEWALS]) {
    it(`${root} does not load ${FORBIDDEN.join(', ')} before its first screen`, () => {
      expect(forbiddenChain(path.join(ROOT, root))).toBeNull();
    });
  }

  for (const root of ['src/web/main.tsx', 'src/web/app/signed-in-shell.tsx', 'src/web/features/dashboard/dashboard-page.tsx', ...LIST_PAGES, RENEWALS])
    it(`${root} does not load ${DRAWING.join(' or ')} before its first screen`, () => {
      expect(forbiddenChain(path.join(ROOT, root), DRAWING)).toBeNull();
    });

  // the shell's deferred parts (menus, palette, drawer) load on every signed-in page
  for (const root of ['src/web/app/signed-in-shell.tsx', ...LIST_PAGES, RENEWALS])
    it(`${root} does not load ${DRAWING.join(' or ')} after its first screen either`, () => {
      expect(forbiddenChain(path.join(ROOT, root), DRAWING, true)).toBeNull();
    });

  for (const root of [...LIST_PAGES, RENEWALS])
    it(`${root} loads its row menu, dialogs and bulk bar when used`, () => {
      expect(forbiddenChain(path.join(ROOT, root), ON_USE)).toBeNull();
    });

  // every framed page's HTML preloads lib/page-data.ts (decision 080): it carries no page's query
  // module but the dashboard's, which each page's own chunk brings (the lists' were 20 KB on /dashboard)
  it('lib/page-data.ts imports the list pages\' query modules only when their data is asked for', () => {
    const QUERY_MODULES = ['src/web/lib/customers.ts', 'src/web/lib/renewals.ts', 'src/web/components/assignees.tsx', 'src/shared/policies.ts', 'src/shared/customers.ts'];
    expect(forbiddenChain(path.join(ROOT, 'src/web/lib/page-data.ts'), QUERY_MODULES)).toBeNull();
  });

  it('finds the chain to a chart drawn later, and to a module loaded on use (the checks can fail)', () => {
    expect(forbiddenChain(path.join(ROOT, 'src/web/features/dashboard/dashboard-page.tsx'), DRAWING, true)).toEqual([
      'src/web/features/dashboard/dashboard-page.tsx',
      'src/web/features/dashboard/performance-panel.tsx',
      'src/web/components/charts.tsx',
      'recharts',
    ]);
    expect(forbiddenChain(path.join(ROOT, 'src/web/components/bulk/bulk-bar.tsx'), ON_USE)).toEqual(['src/web/components/bulk/bulk-bar.tsx', 'src/web/components/ui/dialog.tsx']);
  });

  it('finds the chain when a shell module imports a schema module (the check can fail)', () => {
    // branding.ts holds the white-label schema: importing it instead of branding-text.ts pulls zod in
    expect(forbiddenChain(path.join(ROOT, 'src/shared/branding.ts'))).toEqual(['src/shared/branding.ts', 'zod']);
  });

  const build = freshBuild();
  for (const [page, modules] of Object.entries(SIGNED_IN_PAGES))
    it.skipIf(!build)(`${page} loads at most ${SIGNED_IN_BUDGET_KB[page]} KB gzip of JavaScript before its first screen (${build ? path.relative(ROOT, build) : 'no fresh build'})`, () => {
      const load = firstLoad(build!, page, modules);
      expect(load, `${page} is not in the build's manifest`).not.toBeNull();
      const chunks = load!.chunks.map((c) => `${c.name} ${c.gzipKb.toFixed(2)}`).join(', ');
      expect(load!.gzipKb, `${page}: ${load!.gzipKb.toFixed(1)} KB in ${load!.files} files: ${chunks}`).toBeLessThanOrEqual(SIGNED_IN_BUDGET_KB[page]);
    });
});

/**
 * The journeys' production build (FIRST_LOAD_BUILD names another), when it is newer than every source
 * and build setting it comes from; a stale build would measure other code, so the budgets are skipped.
 */
function freshBuild(): string | null {
  const web = process.env.FIRST_LOAD_BUILD ?? path.join(E2E_BUILD_DIR, 'web');
  const manifest = path.join(web, '.vite/manifest.json');
  if (!existsSync(manifest)) return null;
  const built = statSync(manifest).mtimeMs;
  // tests are not built
  const newest = (p: string): number =>
    statSync(p).isDirectory() ? Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f)))) : p.endsWith('.test.ts') ? 0 : statSync(p).mtimeMs;
  const sources = ['src/web', 'src/shared', 'scripts/chunking.ts', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(ROOT, p));
  return sources.every((p) => !existsSync(p) || newest(p) <= built) ? path.resolve(ROOT, web) : null;
}
