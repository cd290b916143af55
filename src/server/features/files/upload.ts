// Multipart parsing for upload routes: a body limit of their own and readable answers.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { UploadError } from '../../files.ts';

/** Room for the other form fields and the multipart boundaries around the files. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export function uploadBodyLimit(maxBytes: number, tooLarge: string, field: string) {
  return bodyLimit({
    maxSize: maxBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError(413, 'FILE_TOO_LARGE', tooLarge, { [field]: tooLarge });
    },
  });
}

export async function readForm(c: Context<AppEnv>): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw badRequest('Please send the form as multipart/form-data.', undefined, 'INVALID_FORM');
  try {
    return await c.req.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('The form could not be read.', undefined, 'INVALID_FORM');
  }
}

/** An UploadError as the API's error answer, on the field that carries the files. */
export function asUploadAppError(err: unknown, field: string): unknown {
  if (!(err instanceof UploadError)) return err;
  const status = err.code === 'FILE_TOO_LARGE' ? 413 : 400;
  return new AppError(status, err.code, err.message, { [field]: err.message });
}
