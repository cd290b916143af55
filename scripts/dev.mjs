// npm run dev: the API with reload (tsx watch) and the Vite dev server with hot reload,
// which proxies /api to the API. Open http://127.0.0.1:5173.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
// one server process in development (tsx watch restarts it; the cluster is for npm start)
const env = { ...process.env, PORT: port, APP_URL: process.env.APP_URL ?? 'http://127.0.0.1:5173', WORKERS: process.env.WORKERS ?? '1' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
