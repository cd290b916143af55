// The one way upload routes read their multipart form: streamed, with the fields checked before the
// first file byte is kept, and every limit enforced while the bytes arrive (never after the fact).
import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { hasControlCharacters, sniffContentType, UploadError, type Upload, type UploadRules } from '#server/files.ts';
import { MultipartError, multipartBoundary, readMultipart } from '#server/multipart.ts';

/** Room for the other form fields and the multipart boundaries around the files. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface UploadForm<T> {
  /** The text fields the route reads; blank values count as missing, anything else is ignored. */
  fields: readonly string[];
  rules: UploadRules;
  /**
   * Checks the fields (schema, policy number, plan …) and returns the route's input. Runs as soon as the
   * first file part begins (browsers send fields first), so a refused request costs no upload.
   */
  check: (fields: Record<string, string | undefined>) => Promise<T> | T;
}

interface FilePart {
  name: string;
  chunks: Uint8Array[];
  size: number;
}

/** An UploadError as the API's error answer, on the field that carries the files. */
function asAppError(err: unknown, field: string): unknown {
  if (err instanceof MultipartError) return badRequest('The form could not be read.', undefined, 'INVALID_FORM');
  if (!(err instanceof UploadError)) return err;
  const status = err.code === 'FILE_TOO_LARGE' ? 413 : 400;
  return new AppError(status, err.code, err.message, { [field]: err.message });
}

function finishFile(file: FilePart, rules: UploadRules): Upload {
  if (file.size === 0) throw new UploadError('INVALID_FILE_TYPE', rules.text.empty ?? rules.text.invalidFile);
  if (hasControlCharacters(file.name)) throw new UploadError('INVALID_FILE_TYPE', rules.text.invalidFile);
  const joined = Buffer.concat(file.chunks);
  const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  const contentType = rules.sniff ? rules.sniff(bytes, file.name) : sniffContentType(bytes);
  if (!contentType || !rules.types.includes(contentType)) throw new UploadError('INVALID_FILE_TYPE', rules.text.invalidFile);
  return { name: file.name, bytes, contentType };
}

export async function readUploadForm<T>(c: Context<AppEnv>, form: UploadForm<T>): Promise<{ input: T; uploads: Upload[] }> {
  const { rules } = form;
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (!boundary) throw badRequest('Please send the form as multipart/form-data.', undefined, 'INVALID_FORM');
  const maxTotal = rules.maxBytes * rules.maxFiles + FORM_OVERHEAD_BYTES;
  let complete = false;
  try {
    if (Number(c.req.header('content-length')) > maxTotal) throw new UploadError('FILE_TOO_LARGE', rules.text.tooLarge);
    const body = c.req.raw.body;
    if (!body) throw new MultipartError('no body');

    const text = new Map<string, string>();
    const uploads: Upload[] = [];
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
    let part: { kind: 'text'; name: string; chunks: Uint8Array[] } | { kind: 'file'; file: FilePart } | { kind: 'skip' } = { kind: 'skip' };
    for await (const event of readMultipart(body, boundary)) {
      if (event.kind === 'part') {
        if (event.filename === undefined) part = { kind: 'text', name: event.name, chunks: [] };
        else if (event.name !== rules.field) part = { kind: 'skip' };
        else {
          await runCheck();
          if (uploads.length >= rules.maxFiles) throw new UploadError('TOO_MANY_FILES', rules.text.tooManyFiles ?? rules.text.invalidFile);
          part = { kind: 'file', file: { name: event.filename, chunks: [], size: 0 } };
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
          part.file.chunks.push(event.chunk);
        }
      } else {
        if (part.kind === 'text' && !text.has(part.name)) text.set(part.name, Buffer.concat(part.chunks).toString('utf8'));
        else if (part.kind === 'file') uploads.push(finishFile(part.file, rules));
        part = { kind: 'skip' };
      }
    }
    complete = true;
    const input = await runCheck();
    if (uploads.length === 0) throw new UploadError('RECEIPT_REQUIRED', rules.text.receipt);
    return { input, uploads };
  } catch (err) {
    // The rest of the body is left unread: the connection cannot carry another request after it.
    if (!complete) c.header('connection', 'close');
    throw asAppError(err, rules.field);
  }
}
