// The one way upload routes read their multipart form: streamed, with the fields checked before the
// first file byte is kept, and every limit enforced while the bytes arrive (never after the fact).
import type { Context } from 'hono';
import type { FileContentType } from '#shared/files.ts';
import type { AppEnv } from '#server/context.ts';
import { drainRequestBody } from '#server/drain.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { hasControlCharacters, UploadError, type Upload, type UploadRules } from '#server/files.ts';
import { detectFileType } from '#server/platform/file-type.ts';
import { MultipartError, multipartBoundary, readMultipart } from '#server/platform/multipart.ts';

/** Room for the other form fields and the multipart boundaries around the files. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Where one file's bytes go while they arrive. The default keeps them in memory (receipts, a few MB);
 * documents write them to a temporary file, so a 25 MB upload is never held whole.
 */
export interface FileSink<U> {
  write(chunk: Uint8Array): Promise<void> | void;
  /** the file is complete: check it and return what the route keeps */
  finish(): Promise<U> | U;
  /** the upload failed: drop whatever was kept */
  abort(): Promise<void> | void;
}

export interface UploadForm<T, U = Upload> {
  /** The text fields the route reads; blank values count as missing, anything else is ignored. */
  fields: readonly string[];
  rules: UploadRules;
  /**
   * Checks the fields (schema, policy number, plan …) and returns the route's input. Runs as soon as the
   * first file part begins (browsers send fields first), so a refused request costs no upload.
   */
  check: (fields: Record<string, string | undefined>) => Promise<T> | T;
  /** a sink per file (its name as sent); in memory when not given */
  sink?: (name: string) => FileSink<U>;
}

interface FilePart<U> {
  name: string;
  sink: FileSink<U>;
  size: number;
}

/** An UploadError as the API's error answer, on the field that carries the files. */
function asAppError(err: unknown, field: string, invalidFile: string): unknown {
  if (err instanceof MultipartError && err.inPartHeader) return new AppError(400, 'INVALID_FILE_TYPE', invalidFile, { [field]: invalidFile });
  if (err instanceof MultipartError) return badRequest('The form could not be read.', undefined, 'INVALID_FORM');
  if (!(err instanceof UploadError)) return err;
  const status = err.code === 'FILE_TOO_LARGE' || err.code === 'QUOTA_EXCEEDED' ? 413 : 400;
  return new AppError(status, err.code, err.message, { [field]: err.message });
}

/** The default sink: the file in memory, typed by its first bytes when complete. */
function memorySink(name: string, rules: UploadRules): FileSink<Upload> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    write(chunk) {
      chunks.push(chunk);
      size += chunk.byteLength;
    },
    async finish() {
      if (size === 0) throw new UploadError('INVALID_FILE_TYPE', rules.text.empty ?? rules.text.invalidFile);
      if (hasControlCharacters(name)) throw new UploadError('INVALID_FILE_TYPE', rules.text.invalidFile);
      const joined = Buffer.concat(chunks);
      const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
      const contentType = rules.sniff ? await rules.sniff(bytes, name) : ((await detectFileType(bytes)) as FileContentType | null);
      if (!contentType || !rules.types.includes(contentType)) throw new UploadError('INVALID_FILE_TYPE', rules.text.invalidFile);
      return { name, bytes, contentType };
    },
    abort() {
      chunks.length = 0;
    },
  };
}

export async function readUploadForm<T, U = Upload>(c: Context<AppEnv>, form: UploadForm<T, U>): Promise<{ input: T; uploads: U[] }> {
  const { rules } = form;
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (!boundary) throw badRequest('Please send the form as multipart/form-data.', undefined, 'INVALID_FORM');
  const maxTotal = rules.maxBytes * rules.maxFiles + FORM_OVERHEAD_BYTES;
  let complete = false;
  const uploads: U[] = [];
  const open: FileSink<U>[] = [];
  const makeSink = form.sink ?? ((name: string) => memorySink(name, rules) as unknown as FileSink<U>);
  try {
    if (Number(c.req.header('content-length')) > maxTotal) throw new UploadError('FILE_TOO_LARGE', rules.text.tooLarge);
    const body = c.req.raw.body;
    if (!body) throw new MultipartError('no body');

    const text = new Map<string, string>();
    let checked: { input: T } | undefined;
    const runCheck = async () => {
      if (checked) return checked.input;
      const fields: Record<string, string | undefined> = {};
      for (const name of form.fields) {
        const value = text.get(name);
        fields[name] = value !== undefined && value.trim() !== '' ? value : undefined;
      }
      checked = { input: await form.check(fields) };
      return checked.input;
    };

    let total = 0;
    let textBytes = 0;
    let part: { kind: 'text'; name: string; chunks: Uint8Array[] } | { kind: 'file'; file: FilePart<U> } | { kind: 'skip' } = { kind: 'skip' };
    for await (const event of readMultipart(body, boundary)) {
      if (event.kind === 'part') {
        if (event.filename === undefined) part = { kind: 'text', name: event.name, chunks: [] };
        else if (event.name !== rules.field) part = { kind: 'skip' };
        else {
          await runCheck();
          if (uploads.length >= rules.maxFiles) throw new UploadError('TOO_MANY_FILES', rules.text.tooManyFiles ?? rules.text.invalidFile);
          const sink = makeSink(event.filename);
          open.push(sink);
          part = { kind: 'file', file: { name: event.filename, sink, size: 0 } };
        }
      } else if (event.kind === 'data') {
        total += event.chunk.byteLength;
        if (total > maxTotal) throw new UploadError('FILE_TOO_LARGE', rules.text.tooLarge);
        if (part.kind === 'text') {
          textBytes += event.chunk.byteLength;
          if (textBytes > FORM_OVERHEAD_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The form is too large.');
          part.chunks.push(event.chunk);
        } else if (part.kind === 'file') {
          part.file.size += event.chunk.byteLength;
          if (part.file.size > rules.maxBytes) throw new UploadError('FILE_TOO_LARGE', rules.text.tooLarge);
          await part.file.sink.write(event.chunk);
        }
      } else {
        if (part.kind === 'text' && !text.has(part.name)) text.set(part.name, Buffer.concat(part.chunks).toString('utf8'));
        else if (part.kind === 'file') uploads.push(await part.file.sink.finish());
        part = { kind: 'skip' };
      }
    }
    complete = true;
    const input = await runCheck();
    if (uploads.length === 0) throw new UploadError('RECEIPT_REQUIRED', rules.text.receipt);
    return { input, uploads };
  } catch (err) {
    await Promise.allSettled(open.map((sink) => sink.abort()));
    if (!complete) {
      // Read and drop the rest (up to a bound) before answering: the server's own drain after the
      // answer gives up after half a second, and a client still sending then gets a reset instead of
      // this answer. The connection is closed anyway: it cannot carry another request after it.
      await drainRequestBody(c);
      c.header('connection', 'close');
    }
    throw asAppError(err, rules.field, rules.text.invalidFile);
  }
}
