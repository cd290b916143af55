// `npm run backup` while the server runs (decision 042): PGlite is open in the server process only,
// so the server writes the archive. The script leaves a request in DATA_DIR/backup/ and sends SIGUSR2
// to the pid in server.pid; the server answers every request it finds with a result file. Only
// someone who can write DATA_DIR and signal the server's user can ask, and they can read the data
// anyway: no port, no token, nothing reachable from the network.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../logger.ts';
import { BackupError, CONTROL_DIR, writeBackup, type BackupSummary } from './archive.ts';

export const BACKUP_SIGNAL = 'SIGUSR2';
/** Written by a server that answers requests (its pid), removed when it stops. */
const ANSWERING = 'answering.pid';

interface Request {
  id: string;
  out: string;
}
type Result = { ok: true; summary: BackupSummary } | { ok: false; error: string };

function writeAtomically(file: string, text: string) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, file);
}

/** The server's side: answers SIGUSR2 by writing the archives asked for. Returns the stop function. */
export function answerBackupRequests(dataDir: string, pglite: PGlite, logger: Logger): () => void {
  const dir = path.join(dataDir, CONTROL_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeAtomically(path.join(dir, ANSWERING), String(process.pid));
  let queue = Promise.resolve();
  const answer = async () => {
    for (const name of readdirSync(dir).filter((n) => n.startsWith('request-') && n.endsWith('.json'))) {
      const taken = path.join(dir, `${name}.taken`);
      try {
        renameSync(path.join(dir, name), taken); // a second signal must not answer it twice
      } catch {
        continue;
      }
      let request: Request;
      try {
        request = JSON.parse(readFileSync(taken, 'utf8')) as Request;
        if (!/^[0-9a-f-]{36}$/.test(request.id) || typeof request.out !== 'string' || !path.isAbsolute(request.out)) throw new Error('bad request');
      } catch {
        logger.warn({ file: name }, 'backup: unreadable request ignored');
        rmSync(taken, { force: true });
        continue;
      }
      const started = performance.now();
      let result: Result;
      try {
        result = { ok: true, summary: await writeBackup({ pglite, dataDir }, request.out) };
        logger.info({ file: request.out, bytes: result.summary.bytes, files: result.summary.manifest.files, ms: Math.round(performance.now() - started) }, 'backup written');
      } catch (err) {
        result = { ok: false, error: (err as Error).message };
        logger.error({ err, file: request.out }, 'backup failed');
      }
      writeAtomically(path.join(dir, `result-${request.id}.json`), JSON.stringify(result));
      rmSync(taken, { force: true });
    }
  };
  let stopped = false;
  const onSignal = () => {
    if (stopped) return;
    queue = queue.then(answer).catch((err: unknown) => logger.error({ err }, 'backup requests could not be read'));
  };
  // Kept after stop: a script that read answering.pid just before it went must not end the process
  // with the signal's default action.
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    stopped = true;
    rmSync(path.join(dir, ANSWERING), { force: true });
  };
}

/** The pid of the server that has DATA_DIR open and answers backup requests, or null. */
export function answeringServer(dataDir: string): number | null {
  const read = (file: string) => {
    try {
      return Number(readFileSync(file, 'utf8').trim()) || null;
    } catch {
      return null;
    }
  };
  const pid = read(path.join(dataDir, 'server.pid'));
  // both files name it: a stale server.pid whose number now belongs to another process is not signalled
  if (!pid || pid === process.pid || read(path.join(dataDir, CONTROL_DIR, ANSWERING)) !== pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** The script's side: asks the running server for an archive at `out` and waits for its answer. */
export async function requestBackup(dataDir: string, pid: number, out: string, timeoutMs = 30 * 60_000): Promise<BackupSummary> {
  const dir = path.join(dataDir, CONTROL_DIR);
  const id = randomUUID();
  const resultFile = path.join(dir, `result-${id}.json`);
  writeAtomically(path.join(dir, `request-${id}.json`), JSON.stringify({ id, out: path.resolve(out) } satisfies Request));
  process.kill(pid, BACKUP_SIGNAL);
  const until = Date.now() + timeoutMs;
  while (!existsSync(resultFile)) {
    if (Date.now() > until) {
      rmSync(path.join(dir, `request-${id}.json`), { force: true });
      throw new BackupError(`the server (pid ${pid}) did not answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(dir, `request-${id}.json`), { force: true });
      throw new BackupError(`the server (pid ${pid}) stopped before it wrote the backup`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as Result;
  rmSync(resultFile, { force: true });
  if (!result.ok) throw new BackupError(result.error);
  return result.summary;
}
