// /api/imports (Professional and above, with Export): preview a CSV, run it as a job, follow its
// progress, download its failures, undo it. Files arrive as multipart form data.
import { Hono, type Context } from 'hono';
import { IMPORT_MAX_BYTES, IMPORT_TEXT, importOptionsSchema } from '#shared/imports.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { validate } from '#server/http.ts';
import type { UploadRules } from '#server/files.ts';
import { readUploadForm } from '../files/upload.ts';
import { failuresCsv, getImport, latestImport, previewImport, startImport, undoImport } from './service.ts';

export const IMPORT_UPLOAD_PREFIX = '/api/imports';

/** CSV only: a spreadsheet or anything binary named .csv is refused too, by its zip or NUL bytes. */
function sniffCsv(bytes: Uint8Array, name: string): 'text/csv' | null {
  const binary = (bytes[0] === 0x50 && bytes[1] === 0x4b) || bytes.subarray(0, 4096).includes(0);
  return /\.(csv|txt)$/i.test(name) && !binary ? 'text/csv' : null;
}

const IMPORT_RULES: UploadRules = {
  field: 'file',
  types: ['text/csv'],
  maxBytes: IMPORT_MAX_BYTES,
  maxFiles: 1,
  sniff: sniffCsv,
  text: { invalidFile: IMPORT_TEXT.notCsv, tooLarge: IMPORT_TEXT.tooLarge, receipt: IMPORT_TEXT.noFile, empty: IMPORT_TEXT.noFile },
};

/** The file and its options, streamed through the uploads' one reader (size enforced as it arrives). */
async function readUpload(c: Context<AppEnv>) {
  const { input, uploads } = await readUploadForm(c, {
    fields: ['kind', 'duplicates', 'mapping'],
    rules: IMPORT_RULES,
    check: (fields) => validate(importOptionsSchema, fields),
  });
  const [file] = uploads;
  return { ...input, fileName: file.name, text: new TextDecoder('utf-8').decode(file.bytes) };
}

export function importRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/imports', requireFeature('export'));
  r.use('/imports/*', requireFeature('export'));
  r.post('/imports/preview', async (c) => {
    const upload = await readUpload(c);
    return c.json(previewImport(upload.kind, upload.text, upload.mapping));
  });
  r.post('/imports', async (c) => {
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
