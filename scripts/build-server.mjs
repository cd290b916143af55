// Bundles the server and its pure-JavaScript packages into one ES module: loading one file instead
// of a few thousand halves the cold start (issue 7: ≤ 1 s to a healthy /api/health). Packages with
// native parts, WebAssembly files, worker threads or huge optional trees stay external (npm ci).
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
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pino', 'pg', 'pg-native', '@aws-sdk/*', 'nodemailer'],
  // CommonJS packages inside the bundle call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});

// Migrations ship beside the bundle; main.js finds them in dist/server/migrations.
cpSync('src/server/db/migrations', `${outDir}/server/migrations`, { recursive: true });
