// Zip archives on fflate: the export streams its CSVs through fflate's streaming Zip (each entry
// deflated as its pieces arrive, sizes in a data descriptor), so neither a file nor the archive is
// ever held whole; reading (tests, backups) uses fflate's unzipSync.
import { Zip, ZipDeflate, unzipSync } from 'fflate';

const encoder = new TextEncoder();

export interface ZipSource {
  name: string;
  /** the file's bytes or text, produced lazily */
  content: () => AsyncIterable<Uint8Array | string>;
}

/** The archive's bytes, entry by entry; pull-driven, so a slow reader slows the database reads too. */
export async function* zipStream(files: AsyncIterable<ZipSource> | Iterable<ZipSource>, now = new Date()): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate calls back synchronously from push/end; what it wrote is handed on after each call
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else if (chunk.length) out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* out.splice(0);
  };
  for await (const file of files) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    for await (const part of file.content()) {
      const bytes = typeof part === 'string' ? encoder.encode(part) : part;
      if (bytes.length === 0) continue;
      entry.push(bytes);
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** A pull-driven web stream over an async iterator (one chunk per read). */
export function toReadableStream(source: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

/** An archive's files: name → bytes (checked against their CRC by fflate). */
export function readZip(archive: Uint8Array): Map<string, Buffer> {
  const files = unzipSync(archive);
  return new Map(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
}
