// The production build the journeys' server runs (web app and server), in its own folder per port.
// Run directly (`npm run build:e2e`) or by e2e/support/server.ts before it starts the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from './ports.ts';

export const E2E_BUILD_DIR = path.resolve(`.e2e-build-${E2E_PORT}`);

export function buildForJourneys(): void {
  for (const args of [
    ['vite', 'build', '--outDir', path.join(E2E_BUILD_DIR, 'web'), '--emptyOutDir', '--logLevel', 'warn'],
    ['node', 'scripts/build-server.mjs', E2E_BUILD_DIR],
  ]) {
    const cmd = args[0] === 'node' ? process.execPath : path.resolve('node_modules/.bin', args[0]);
    const result = spawnSync(cmd, args.slice(1), { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildForJourneys();
