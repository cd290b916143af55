// Bundles the server into one ES module; packages stay external (installed by npm ci).
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

// node scripts/build-server.mjs [outDir]: the e2e server builds into its own folder.
const outDir = process.argv[2] ?? 'dist';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${outDir}/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// Migrations ship beside the bundle; main.js finds them in dist/server/migrations.
cpSync('src/server/db/migrations', `${outDir}/server/migrations`, { recursive: true });
