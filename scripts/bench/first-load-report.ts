// Quick first-load report from a build, without the whole bench (issue 33):
//   npx vite build --outDir /tmp/web --emptyOutDir && npx tsx scripts/bench/first-load-report.ts /tmp/web [--all]
// prints each page's gzip total (and a signed-in page's budget) and, with --all, every chunk (largest
// first); exits 1 when a signed-in page is over its budget.
import { firstLoad, PUBLIC_PAGES, SIGNED_IN_BUDGET_KB, SIGNED_IN_PAGES } from './frontend.ts';

const [webDir = '.bench-build/web', ...flags] = process.argv.slice(2);
for (const [page, modules] of Object.entries({ ...PUBLIC_PAGES, ...SIGNED_IN_PAGES })) {
  const r = firstLoad(webDir, page, modules);
  if (!r) {
    console.log(`${page}: not in the manifest`);
    continue;
  }
  const budget = SIGNED_IN_BUDGET_KB[page];
  const over = budget !== undefined && r.gzipKb > budget;
  if (over) process.exitCode = 1;
  console.log(`${page}: ${r.gzipKb.toFixed(1)} KB gzip in ${r.files} chunks${budget === undefined ? '' : ` (budget ${budget} KB${over ? ': OVER' : ''})`}`);
  if (flags.includes('--all')) for (const c of r.chunks) console.log(`  ${c.gzipKb.toFixed(2).padStart(7)}  ${c.name}`);
}
