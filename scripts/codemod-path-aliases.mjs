// node scripts/codemod-path-aliases.mjs: rewrites relative imports that climb two or more folders,
// or reach into another part of src (shared, server, web) from outside it, to the package.json
// aliases #shared/*, #server/*, #web/*. Idempotent; only import specifiers change. Run it again
// after merging branches that still use deep relative paths (eslint reports the ones it missed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const AREAS = ['shared', 'server', 'web'];
const SKIP = new Set(['node_modules', 'migrations', '.artifacts']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

/** 'shared' for src/shared/…, and so on; null outside src. */
function areaOf(file) {
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  return rel.length > 1 && AREAS.includes(rel[0]) ? rel[0] : null;
}

function rewrite(file, specifier) {
  if (!specifier.startsWith('../')) return specifier;
  const target = path.resolve(path.dirname(file), specifier);
  const area = areaOf(target);
  if (!area) return specifier;
  const climbs = specifier.split('/').filter((part) => part === '..').length;
  if (climbs < 2 && areaOf(file) === area) return specifier;
  return `#${area}/${path.relative(path.join(root, 'src', area), target).split(path.sep).join('/')}`;
}

// static imports and re-exports, dynamic import(), and vi.mock()/import type forms all quote the path
const IMPORT = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.\.\/[^'"]+)\2/g;

let changed = 0;
for (const dir of ['src', 'scripts', 'e2e']) {
  for (const file of files(path.join(root, dir))) {
    const before = readFileSync(file, 'utf8');
    const after = before.replace(IMPORT, (all, lead, quote, spec) => `${lead}${quote}${rewrite(file, spec)}${quote}`);
    if (after !== before) {
      writeFileSync(file, after);
      changed += 1;
    }
  }
}
console.log(`${changed} files rewritten`);
