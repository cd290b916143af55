// Gzip size of the JavaScript a page loads first: the entry chunk and its static imports, plus the
// lazily loaded route module of that page and its static imports (from the Vite build manifest).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
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
}

export const PUBLIC_PAGES: Record<string, string> = {
  '/': 'features/public/home-page.tsx',
  '/login': 'features/auth/login-page.tsx',
  '/register': 'features/auth/register-page.tsx',
  '/forgot-password': 'features/auth/forgot-password-page.tsx',
};
export const DASHBOARD_PAGE = 'features/dashboard/dashboard-page.tsx';

export function firstLoad(webDir: string, page: string, routeModule: string): FirstLoad | null {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const routeKey = Object.keys(manifest).find((k) => k.endsWith(routeModule));
  if (!entryKey || !routeKey) return null;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  walk(entryKey);
  walk(routeKey);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of seen) {
    js += gzipSync(readFileSync(path.join(webDir, manifest[key].file)), { level: 9 }).length;
    for (const f of manifest[key].css ?? []) cssFiles.add(f);
  }
  for (const f of cssFiles) css += gzipSync(readFileSync(path.join(webDir, f)), { level: 9 }).length;
  return { page, files: seen.size, gzipKb: js / 1024, cssGzipKb: css / 1024 };
}
