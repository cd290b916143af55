// A small streaming zip writer: each entry is deflated as it arrives (zlib deflateRaw, one chunk
// at a time) and followed by a data descriptor, so neither a file nor the archive is ever held whole.
// No zip64: an archive is limited to 4 GiB and 65,535 entries, far above one agency's book.
import zlib from 'node:zlib';

const encoder = new TextEncoder();

interface Entry {
  name: Uint8Array;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** DOS date and time of `now` for the headers (zip has no time zone; UTC is used). */
function dosTime(now: Date): { time: number; date: number } {
  return {
    time: (now.getUTCHours() << 11) | (now.getUTCMinutes() << 5) | Math.floor(now.getUTCSeconds() / 2),
    date: ((now.getUTCFullYear() - 1980) << 9) | ((now.getUTCMonth() + 1) << 5) | now.getUTCDate(),
  };
}

function deflater() {
  const z = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  return {
    async push(chunk: Uint8Array): Promise<Buffer[]> {
      // resolved once zlib has taken the chunk in (its output so far has been collected by then);
      // no flush per chunk: deflate emits whenever its output buffer fills, and end() drains the rest
      await new Promise<void>((resolve, reject) => z.write(chunk, (error) => (error ? reject(error) : resolve())));
      return out.splice(0);
    },
    async end(): Promise<Buffer[]> {
      await new Promise<void>((resolve, reject) => {
        z.once('end', resolve);
        z.once('error', reject);
        z.end();
      });
      return out.splice(0);
    },
  };
}

export interface ZipSource {
  name: string;
  /** the file's bytes or text, produced lazily */
  content: () => AsyncIterable<Uint8Array | string>;
}

/** The archive's bytes, entry by entry; pull-driven, so a slow reader slows the database reads too. */
export async function* zipStream(files: AsyncIterable<ZipSource> | Iterable<ZipSource>, now = new Date()): AsyncGenerator<Uint8Array> {
  const { time, date } = dosTime(now);
  const entries: Entry[] = [];
  let offset = 0;
  for await (const file of files) {
    const name = encoder.encode(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0808, 6); // bit 3: sizes in the data descriptor; bit 11: UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    const entry: Entry = { name, crc: 0, compressed: 0, size: 0, offset };
    yield local;
    yield name;
    offset += local.length + name.length;
    const z = deflater();
    for await (const part of file.content()) {
      const bytes = typeof part === 'string' ? encoder.encode(part) : part;
      if (bytes.length === 0) continue;
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += bytes.length;
      for (const b of await z.push(bytes)) {
        entry.compressed += b.length;
        yield b;
      }
    }
    for (const b of await z.end()) {
      entry.compressed += b.length;
      yield b;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield descriptor;
    offset += entry.compressed + descriptor.length;
    entries.push(entry);
  }
  const start = offset;
  let size = 0;
  for (const e of entries) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0808, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(e.name.length, 28);
    central.writeUInt32LE(e.offset, 42);
    yield central;
    yield e.name;
    size += central.length + e.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(start, 16);
  yield end;
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

/** Reads an archive written by zipStream (or any deflate/stored zip without zip64): name → bytes. */
export function readZip(archive: Uint8Array): Map<string, Buffer> {
  const buf = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + compressed);
    const content = method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    if (zlib.crc32(content) >>> 0 !== crc) throw new Error(`crc mismatch in ${name}`);
    files.set(name, content);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
