// Gzip size of the JavaScript a page loads first: the entry chunk and its static imports, plus the
// lazily loaded route modules of that page (its layouts' and its own) and their static imports (from
// the Vite build manifest). `afterFirstRenderKb` is what the page fetches right after its first
// render without waiting for it (the public header's session part, decision 035), counted apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface FirstLoad {
  page: string;
  files: number;
  gzipKb: number;
  cssGzipKb: number;
  afterFirstRenderKb: number;
  /** every chunk of the first load, largest first: a regression shows which import caused it */
  chunks: { name: string; gzipKb: number }[];
}

/** Each page's lazily loaded route modules (src/web/app/router.tsx): its layout routes', then its own. */
const QUERY_LAYOUT = 'app/query-layout.tsx';
export const PUBLIC_PAGES: Record<string, string[]> = {
  '/': ['features/public/home-page.tsx'],
  '/login': ['features/auth/login-page.tsx'],
  '/register': [QUERY_LAYOUT, 'features/auth/register-page.tsx'],
  '/forgot-password': [QUERY_LAYOUT, 'features/auth/forgot-password-page.tsx'],
};
/** The pages issue 17's first-load figure (≤ 120 KB gzip) is for. */
export const TARGETED_PAGES = ['/', '/login'];
const SHELL = 'app/signed-in-shell.tsx';
/** The signed-in pages issue 33's first-load figure (≤ 140 KB gzip) is for. */
export const SIGNED_IN_PAGES: Record<string, string[]> = {
  '/dashboard': [SHELL, 'features/dashboard/dashboard-page.tsx'],
  '/dashboard/policies': [SHELL, 'features/policies/policies-page.tsx'],
  '/dashboard/renewals': [SHELL, 'features/renewals/renewals-page.tsx'],
  '/dashboard/customers': [SHELL, 'features/customers/customers-page.tsx'],
};
/**
 * Each signed-in page's first-load budget in KB gzip: issue 33's ≤ 140 for /dashboard and
 * /dashboard/policies; renewals and customers, which have no figure of their own, are held near
 * where decision 062 brought them so a regression shows (src/web/app/first-load.test.ts, the bench).
 */
export const SIGNED_IN_BUDGET_KB: Record<string, number> = {
  '/dashboard': 140,
  '/dashboard/policies': 140,
  '/dashboard/renewals': 145,
  '/dashboard/customers': 145,
};
/** Loaded by every public page right after its first render (site-header.tsx). */
const AFTER_FIRST_RENDER = ['features/public/header-session.tsx'];

export function firstLoad(webDir: string, page: string, routeModules: string[]): FirstLoad | null {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // a module the build grouped into a named chunk (scripts/chunking.ts) is found by that chunk's name
  const keyOf = (module: string) =>
    Object.keys(manifest).find((k) => k.endsWith(module)) ?? Object.keys(manifest).find((k) => manifest[k].name === path.basename(module).replace(/\.tsx?$/, ''));
  const routeKeys = routeModules.map(keyOf);
  if (!entryKey || routeKeys.some((k) => !k)) return null;
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, seen);
  };
  const seen = new Set<string>();
  walk(entryKey, seen);
  for (const key of routeKeys) walk(key!, seen);
  const gzip = (key: string) => gzipSync(readFileSync(path.join(webDir, manifest[key].file)), { level: 9 }).length;
  const after = new Set<string>(seen);
  for (const module of page.startsWith('/dashboard') ? [] : AFTER_FIRST_RENDER) {
    const key = keyOf(module);
    if (key) walk(key, after);
  }
  let afterBytes = 0;
  for (const key of after) if (!seen.has(key)) afterBytes += gzip(key);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  const chunks: FirstLoad['chunks'] = [];
  for (const key of seen) {
    const size = gzip(key);
    js += size;
    chunks.push({ name: manifest[key].src ?? key, gzipKb: size / 1024 });
    for (const f of manifest[key].css ?? []) cssFiles.add(f);
  }
  chunks.sort((a, b) => b.gzipKb - a.gzipKb);
  for (const f of cssFiles) css += gzipSync(readFileSync(path.join(webDir, f)), { level: 9 }).length;
  return { page, files: seen.size, gzipKb: js / 1024, cssGzipKb: css / 1024, afterFirstRenderKb: afterBytes / 1024, chunks };
}
