// Where uploaded files live: a local folder by default. The S3-compatible implementation plugs in
// behind the same interface (payment-proof issue).
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  delete(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are built by the server, but a key must never escape the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    },
    async get(key) {
      const file = resolve(key);
      if (!existsSync(file)) return null;
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      rmSync(resolve(key), { force: true });
    },
  };
}
