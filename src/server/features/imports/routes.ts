// /api/imports (Professional and above, with Export): preview a CSV, run it as a job, follow its
// progress, download its failures, undo it. Files arrive as multipart form data.
import { Hono, type Context } from 'hono';
import { IMPORT_MAX_BYTES, IMPORT_TEXT, importOptionsSchema } from '#shared/imports.ts';
import { type AppEnv, requireFeature } from '../../context.ts';
import { validate } from '../../http.ts';
import { badRequest } from '../../errors.ts';
import { readForm, uploadBodyLimit } from '../files/upload.ts';
import { failuresCsv, getImport, latestImport, previewImport, startImport, undoImport } from './service.ts';

export const IMPORT_UPLOAD_PREFIX = '/api/imports';

async function readUpload(c: Context<AppEnv>) {
  const form = await readForm(c);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw badRequest(IMPORT_TEXT.noFile, { file: IMPORT_TEXT.noFile });
  if (file.size > IMPORT_MAX_BYTES) throw badRequest(IMPORT_TEXT.tooLarge, { file: IMPORT_TEXT.tooLarge }, 'FILE_TOO_LARGE');
  // CSV only: a spreadsheet (or anything binary) named .csv is refused too, by its zip/NUL bytes
  const bytes = new Uint8Array(await file.arrayBuffer());
  const binary = (bytes[0] === 0x50 && bytes[1] === 0x4b) || bytes.subarray(0, 4096).includes(0);
  if (!/\.(csv|txt)$/i.test(file.name) || binary) throw badRequest(IMPORT_TEXT.notCsv, { file: IMPORT_TEXT.notCsv }, 'NOT_CSV');
  const options = validate(importOptionsSchema, {
    kind: form.get('kind') ?? undefined,
    duplicates: form.get('duplicates') ?? undefined,
    mapping: form.get('mapping') ?? undefined,
  });
  return { ...options, fileName: file.name, text: new TextDecoder('utf-8').decode(bytes) };
}

export function importRoutes() {
  const r = new Hono<AppEnv>();
  const limit = uploadBodyLimit(IMPORT_MAX_BYTES, IMPORT_TEXT.tooLarge, 'file');
  r.use('/imports', requireFeature('export'));
  r.use('/imports/*', requireFeature('export'));
  r.post('/imports/preview', limit, async (c) => {
    const upload = await readUpload(c);
    return c.json(previewImport(upload.kind, upload.text, upload.mapping));
  });
  r.post('/imports', limit, async (c) => {
    const upload = await readUpload(c);
    return c.json(await startImport(c.var.deps.db, c.var.actor, c.var.deps.logger, upload), 202);
  });
  r.get('/imports/latest', async (c) => c.json({ job: await latestImport(c.var.deps.db, c.var.actor) }));
  r.get('/imports/:id', async (c) => c.json(await getImport(c.var.deps.db, c.var.actor, c.req.param('id'))));
  r.get('/imports/:id/failures', async (c) =>
    c.body(await failuresCsv(c.var.deps.db, c.var.actor, c.req.param('id')), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="import-failures.csv"',
      'cache-control': 'no-store',
    }),
  );
  r.post('/imports/:id/undo', async (c) => c.json(await undoImport(c.var.deps.db, c.var.actor, c.req.param('id'))));
  return r;
}
