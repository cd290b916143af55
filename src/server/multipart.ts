// A multipart/form-data body read as it arrives, part by part. Request.formData() reads the whole body
// into memory before the first field can be looked at; this holds one network chunk (plus a boundary's
// length) at a time, so the caller can check the fields and refuse an upload before its bytes come in.

export class MultipartError extends Error {}

export type MultipartEvent =
  | { kind: 'part'; name: string; filename: string | undefined; contentType: string | undefined }
  | { kind: 'data'; chunk: Uint8Array }
  | { kind: 'end' };

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_EPILOGUE_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or null when it is something else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = contentType.match(/;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i);
  return match ? (match[1] ?? match[2]) : null;
}

function unquote(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

function parseHeaders(block: string): Omit<Extract<MultipartEvent, { kind: 'part' }>, 'kind'> {
  let disposition = '';
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError('a part without form-data disposition');
  const params = new Map<string, string>();
  for (const m of disposition.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g))
    params.set(m[1].toLowerCase(), m[2] !== undefined ? unquote(m[2]) : m[3].trim());
  let filename = params.get('filename');
  const extended = params.get('filename*')?.match(/^utf-8''(.*)$/i);
  if (extended) {
    try {
      filename = decodeURIComponent(extended[1]);
    } catch {
      throw new MultipartError('a malformed filename*');
    }
  }
  return { name: params.get('name') ?? '', filename, contentType };
}

/**
 * Yields each part's headers, its bytes as they arrive, and its end. Stopping early (break, or an
 * exception in the loop body) leaves the rest of the body unread: the caller answers and closes.
 * Throws MultipartError on a malformed body or one that ends inside a part.
 */
export async function* readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const reader = body.getReader();
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const { done, value } = await reader.read();
    if (done) return false;
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    return true;
  };
  const needMore = async (what: string) => {
    if (!(await more())) throw new MultipartError(`the body ended ${what}`);
  };
  try {
    // Preamble, then the first boundary (which has no CRLF in front of it).
    for (;;) {
      const at = buf.indexOf(first);
      if (at >= 0 && buf.length >= at + first.length + 2) {
        const after = buf.subarray(at + first.length, at + first.length + 2).toString('latin1');
        if (after === '--') return;
        if (after !== '\r\n') throw new MultipartError('a malformed boundary');
        buf = buf.subarray(at + first.length + 2);
        break;
      }
      if (at < 0 && buf.length > MAX_HEADER_BYTES) throw new MultipartError('no boundary');
      await needMore('before the first boundary');
    }
    for (;;) {
      // The part's headers.
      let end = buf.subarray(0, 2).equals(CRLF) ? -2 : buf.indexOf(HEADER_END);
      while (end === -1) {
        if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('part headers too long');
        await needMore('inside part headers');
        end = buf.subarray(0, 2).equals(CRLF) ? -2 : buf.indexOf(HEADER_END);
      }
      yield { kind: 'part', ...parseHeaders(buf.subarray(0, Math.max(end, 0)).toString('utf8')) };
      buf = buf.subarray(end + 4);
      // The part's bytes, up to the next delimiter; a tail that could begin a delimiter is kept back.
      for (;;) {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            yield { kind: 'data', chunk: buf.subarray(0, safe) };
            buf = buf.subarray(safe);
          }
          await needMore('inside a part');
          continue;
        }
        if (at > 0) {
          yield { kind: 'data', chunk: buf.subarray(0, at) };
          buf = buf.subarray(at);
        }
        while (buf.length < delimiter.length + 2) await needMore('after a boundary');
        break;
      }
      yield { kind: 'end' };
      const after = buf.subarray(delimiter.length, delimiter.length + 2).toString('latin1');
      buf = buf.subarray(delimiter.length + 2);
      if (after === '--') break;
      if (after !== '\r\n') throw new MultipartError('a malformed boundary');
    }
    // Read a short epilogue (the final CRLF) so the connection stays clean; never a long one.
    let epilogue = buf.length;
    buf = Buffer.alloc(0);
    while (epilogue <= MAX_EPILOGUE_BYTES && (await more())) {
      epilogue += buf.length;
      buf = Buffer.alloc(0);
    }
  } finally {
    reader.releaseLock();
  }
}
