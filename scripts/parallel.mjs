// `node scripts/parallel.mjs typecheck lint build:e2e`: runs those npm scripts at once and prints
// each one's output whole when it ends (not interleaved); fails when any of them fails. `npm test`
// uses it for the single-threaded checks (tsc, ESLint) and the journeys' build, which together fill
// this machine's two cores instead of one after another. (npm-run-all2 and concurrently now
// require Node 22; the project runs on 20.)
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n== ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? code})`} after ${seconds} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
