// PGlite has no lock between processes: one process per data folder, guarded by a pid file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      console.error(
        `The data folder ${path.resolve(dataDir)} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
      );
      process.exit(1);
    }
  } catch {
    /* no lock file yet */
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
