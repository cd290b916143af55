// A multipart/form-data body read as it arrives, part by part, with busboy. Request.formData() reads
// the whole body into memory before the first field can be looked at; here one network chunk at a
// time goes into busboy and its parts come out in order, so the caller can check the fields and
// refuse an upload before its bytes come in.
import busboy from 'busboy';

export class MultipartError extends Error {
  /** the part's headers could not be read (a control character in a file name, say): the file's fault */
  constructor(message: string, readonly inPartHeader = false) {
    super(message);
  }
}

export type MultipartEvent =
  | { kind: 'part'; name: string; filename: string | undefined; contentType: string | undefined }
  | { kind: 'data'; chunk: Uint8Array }
  | { kind: 'end' };

/** Text fields above this are cut by busboy; the caller's own limit (64 KB of fields) is lower. */
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_EPILOGUE_BYTES = 64 * 1024;

/** The boundary of a multipart/form-data Content-Type, or null when it is something else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = contentType.match(/;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i);
  return match ? (match[1] ?? match[2]) : null;
}

interface Slot {
  part: Extract<MultipartEvent, { kind: 'part' }>;
  chunks: Uint8Array[];
  ended: boolean;
  started: boolean;
}

function asMultipartError(err: unknown): MultipartError {
  const message = err instanceof Error ? err.message : String(err);
  if (/unexpected end/i.test(message)) return new MultipartError('the body ended inside a part');
  return new MultipartError(message, /part header/i.test(message));
}

/**
 * Yields each part's headers, its bytes as they arrive, and its end, in the order they were sent.
 * Stopping early (break, or an exception in the loop body) leaves the rest of the body unread: the
 * caller answers and closes. Throws MultipartError on a malformed body or one that ends inside a part.
 */
export async function* readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const slots: Slot[] = [];
  let failure: MultipartError | null = null;
  let closed = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const bb = busboy({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    defParamCharset: 'utf8',
    limits: { fieldSize: MAX_FIELD_BYTES },
  });
  bb.on('field', (name, value, info) => {
    const chunk = Buffer.from(value, 'utf8');
    slots.push({ part: { kind: 'part', name, filename: undefined, contentType: info.mimeType }, chunks: chunk.length ? [chunk] : [], ended: true, started: false });
    notify();
  });
  bb.on('file', (name, stream, info) => {
    const slot: Slot = { part: { kind: 'part', name, filename: info.filename ?? '', contentType: info.mimeType }, chunks: [], ended: false, started: false };
    slots.push(slot);
    stream.on('data', (chunk: Buffer) => {
      slot.chunks.push(chunk);
      notify();
    });
    stream.on('end', () => {
      slot.ended = true;
      notify();
    });
    stream.on('error', (err: Error) => {
      failure ??= asMultipartError(err);
      notify();
    });
  });
  bb.on('error', (err: unknown) => {
    failure ??= asMultipartError(err);
    notify();
  });
  bb.on('close', () => {
    closed = true;
    notify();
  });

  const reader = body.getReader();
  let bodyDone = false;
  const feed = async () => {
    const { done, value } = await reader.read();
    if (done) {
      bodyDone = true;
      bb.end();
    } else if (!bb.write(value)) await new Promise<void>((resolve) => bb.once('drain', resolve));
  };
  try {
    let i = 0;
    for (;;) {
      if (failure) throw failure;
      const slot = slots[i];
      if (slot && !slot.started) {
        slot.started = true;
        yield slot.part;
        continue;
      }
      if (slot && slot.chunks.length) {
        yield { kind: 'data', chunk: slot.chunks.shift()! };
        continue;
      }
      if (slot && slot.ended) {
        yield { kind: 'end' };
        i += 1;
        continue;
      }
      if (!slot && closed) break;
      if (!bodyDone) await feed();
      else await new Promise<void>((resolve) => (wake = resolve));
    }
    // Read a short epilogue (the final CRLF) so the connection stays clean; never a long one.
    let epilogue = 0;
    while (!bodyDone && epilogue <= MAX_EPILOGUE_BYTES) {
      const { done, value } = await reader.read();
      if (done) bodyDone = true;
      else epilogue += value.byteLength;
    }
  } finally {
    if (!closed) bb.destroy();
    reader.releaseLock();
  }
}
