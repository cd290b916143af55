// How the web build splits and preloads the signed-in app (issue 33).
//
// Rolldown puts a module that the signed-in shell and a page both import into a chunk of its own:
// the pages are imported by the router in the entry, so the bundler cannot know that the shell is
// always loaded first. /dashboard loaded 70 small chunks (the sidebar's icons one by one). Two groups
// fix that: the modules only the shell's side uses go into the shell's chunk, and those it shares
// with the public pages that fetch (TanStack Query, the session) into one common chunk. What a
// public page without fetching uses (the entry, the home page's icons) is left alone, so the public
// pages never download the shell.
// The list pages (decision 062) get the same treatment: what they share with the dashboard joins the
// shell, what two of them share is one chunk, and what one of them shares with other pages another.
//
// Vite lists, in the entry, every lazily loaded chunk's imports so it can fetch them together with
// the chunk: about 300 file names, 4.6 KB gzip that every page paid. Only the shell and the pages
// that open with data keep that list; another page's imports load right after its chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rollup } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'src/web');
const ENTRY = path.join(WEB, 'main.tsx');
const SHELL = path.join(WEB, 'app/signed-in-shell.tsx');
const DASHBOARD = path.join(WEB, 'features/dashboard/dashboard-page.tsx');
/** The list pages an agent opens every day, which open with data (router.tsx's withData). */
const LIST_PAGES = ['policies/policies-page.tsx', 'customers/customers-page.tsx', 'renewals/renewals-page.tsx'].map((p) => path.join(WEB, 'features', p));
/** Lazily loaded modules of the public side: its pages and what they load later. */
const PUBLIC = /[\\/]src[\\/]web[\\/](features[\\/](public|auth|portal)[\\/]|app[\\/]query-layout\.tsx|features[\\/]team[\\/](accept-invitation|invited-register)-page\.tsx)/;
const ICONS = path.join(ROOT, 'node_modules/lucide-react/dist/esm');
/** Chunks whose imports are fetched with them: the shell and the pages router.tsx opens with data (withData). */
const PRELOADED = /[\\/](signed-in-shell|dashboard-page|policies-page|customers-page|renewals-page)-[\w-]+\.js$/;

type Info = (id: string) => Rollup.ModuleInfo | null;

let iconFiles: Map<string, string> | undefined;
/**
 * lucide-react's index re-exports every icon, so a walk through it would reach all of them: an
 * import of the package counts as an import of the icons it names (from the index's export list).
 */
function iconsNamed(code: string): string[] {
  iconFiles ??= new Map(
    [...readFileSync(path.join(ICONS, 'lucide-react.mjs'), 'utf8').matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)].flatMap(([, names, file]) =>
      names.split(',').map((n) => [n.trim().replace(/^default as /, ''), path.join(ICONS, file)] as [string, string]),
    ),
  );
  const files: string[] = [];
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
    for (const name of names.split(',')) {
      const file = iconFiles.get(name.trim().split(/\s+as\s+/)[0]);
      if (file) files.push(file);
    }
  return files;
}

/** The modules statically reachable from the roots, not entering `stop`. */
function reach(roots: string[], info: Info, stop = new Set<string>()): Set<string> {
  const seen = new Set(roots.filter((r) => !stop.has(r)));
  const queue = [...seen];
  while (queue.length) {
    const mod = info(queue.shift()!);
    if (!mod) continue;
    const deps = mod.importedIds.filter((d) => !d.startsWith(ICONS) || !d.endsWith('lucide-react.mjs'));
    if (deps.length !== mod.importedIds.length && mod.code) deps.push(...iconsNamed(mod.code));
    for (const dep of deps) {
      if (seen.has(dep) || stop.has(dep)) continue;
      seen.add(dep);
      queue.push(dep);
    }
  }
  return seen;
}

function signedInSets(info: Info) {
  const entry = reach([ENTRY], info);
  const publicRoots = new Set<string>();
  for (const id of entry) for (const d of info(id)?.dynamicallyImportedIds ?? []) if (PUBLIC.test(d)) publicRoots.add(d);
  for (const id of reach([...publicRoots], info, entry)) for (const d of info(id)?.dynamicallyImportedIds ?? []) publicRoots.add(d);
  const fetches = (root: string) => [...reach([root], info, entry)].some((id) => id.includes('@tanstack'));
  const publicSide = reach([...publicRoots], info, entry);
  const publicWithoutFetching = reach([...publicRoots].filter((r) => !fetches(r)), info, entry);
  const shell = reach([SHELL], info, entry);
  const common = new Set([...shell].filter((id) => publicSide.has(id) && !publicWithoutFetching.has(id)));
  // What the dashboard and a list page both use joins the shell (or the common chunk, when a public
  // page that fetches uses it too); what two list pages share beyond that forms one chunk of its own
  // (the client portal's pages load it too where they share a part), and what one list page alone
  // uses, one chunk per page. Left to the bundler, each set of pages sharing a module got a chunk of
  // it: a list page loaded 50 files, most under 0.5 KB, and gzip counts each apart (issue 33).
  const taken = new Set([...entry, ...shell, ...publicWithoutFetching]);
  const dashboard = reach([DASHBOARD], info, taken);
  const lists = LIST_PAGES.map((p) => reach([p], info, taken));
  const listsChunk = new Set<string>();
  /** by the page's name: the parts one list page uses that other pages (forms, the bulk picker) share */
  const ownParts = new Map<string, string>();
  for (const [i, set] of lists.entries())
    for (const id of set) {
      if (LIST_PAGES.includes(id)) continue;
      if (dashboard.has(id)) (publicSide.has(id) ? common : shell).add(id);
      else if (lists.some((other, j) => j !== i && other.has(id))) listsChunk.add(id);
      else if (!publicSide.has(id)) ownParts.set(id, `${path.basename(LIST_PAGES[i], '.tsx')}-parts`);
    }
  // What the dashboard alone uses, one chunk too (decision 080: a signed-in first load was 18-26
  // files, and on HTTP/1.1 each costs a round trip on one of the browser's six connections)
  for (const id of dashboard) if (id !== DASHBOARD && !shell.has(id) && !common.has(id) && !listsChunk.has(id) && !ownParts.has(id) && !publicSide.has(id)) ownParts.set(id, 'dashboard-page-parts');
  // The icons the shell draws (sidebar, header), one chunk; not those the entry or a public page
  // without fetching (home, pricing, features) draws, which stay single files
  const icons = new Set([...shell].filter((id) => id.startsWith(path.join(ICONS, 'icons')) && !entry.has(id) && !publicWithoutFetching.has(id)));
  for (const id of publicSide) shell.delete(id);
  for (const id of icons) shell.delete(id);
  return { shell, common, lists: listsChunk, ownParts, icons };
}

/** `build.rollupOptions.output.codeSplitting` of vite.config.ts. */
export function signedInChunking() {
  let sets: ReturnType<typeof signedInSets> | undefined;
  return {
    groups: [
      {
        debugName: 'signed-in',
        name: (id: string, ctx: { getModuleInfo: Info }) => {
          sets ??= signedInSets(ctx.getModuleInfo.bind(ctx));
          if (sets.icons.has(id)) return 'signed-in-icons';
          if (sets.shell.has(id)) return 'signed-in-shell';
          if (sets.common.has(id)) return 'signed-in-common';
          return sets.lists.has(id) ? 'signed-in-lists' : (sets.ownParts.get(id) ?? null);
        },
        // the sets are closed already; following imports would pull React out of the entry
        includeDependenciesRecursively: false,
      },
    ],
  };
}

/** `build.modulePreload.resolveDependencies` of vite.config.ts (stylesheets are always kept). */
export function preloadedDependencies(file: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] {
  return context.hostType === 'html' || PRELOADED.test(file) ? deps : deps.filter((d) => d.endsWith('.css'));
}
