// /api/imports (Professional and above, with Export): preview a CSV or an Excel (.xlsx) file, run it
// as a job, follow its progress, download its failures, undo it. Files arrive as multipart form data;
// what a file is, is decided by its bytes (xlsx.ts), never by its name.
import { Hono, type Context } from 'hono';
import { IMPORT_TEXT, importOptionsSchema } from '#shared/imports.ts';
import { XLSX } from '#shared/documents.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { failuresCsv, getImport, latestImport, startImport, undoImport } from './service.ts';
import { previewImport, type ImportFile } from './preview.ts';
import { readFirstSheet, SPREADSHEET_UPLOAD_RULES } from '#server/platform/xlsx.ts';

export const IMPORT_UPLOAD_PREFIX = '/api/imports';


/** The file and its options, streamed through the uploads' one reader (size enforced as it arrives). */
async function readUpload(c: Context<AppEnv>) {
  const { input, uploads } = await readUploadForm(c, {
    fields: ['kind', 'duplicates', 'mapping'],
    rules: SPREADSHEET_UPLOAD_RULES,
    check: (fields) => validate(importOptionsSchema, fields),
  });
  const [file] = uploads;
  const content: ImportFile =
    file.contentType === XLSX ? { format: 'xlsx', rows: await readFirstSheet(file.bytes) } : { format: 'csv', text: new TextDecoder('utf-8').decode(file.bytes) };
  return { ...input, fileName: file.name, file: content };
}

export function importRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/imports', requireFeature('export'));
  r.use('/imports/*', requireFeature('export'));
  r.post('/imports/preview', async (c) => {
    const upload = await readUpload(c);
    return c.json(await previewImport(c.var.deps.db, c.var.actor, upload.kind, upload.file, upload.mapping, upload.duplicates));
  });
  r.post('/imports', async (c) => {
    const upload = await readUpload(c);
    return c.json(await startImport(c.var.deps, c.var.actor, upload), 202);
  });
  r.get('/imports/latest', async (c) => c.json({ job: await latestImport(c.var.deps.db, c.var.actor) }));
  r.get('/imports/:id', async (c) => c.json(await getImport(c.var.deps.db, c.var.actor, idParam(c, 'id', IMPORT_TEXT.notFound))));
  r.get('/imports/:id/failures', async (c) =>
    c.body(await failuresCsv(c.var.deps.db, c.var.actor, idParam(c, 'id', IMPORT_TEXT.notFound)), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="import-failures.csv"',
      'cache-control': 'no-store',
    }),
  );
  r.post('/imports/:id/undo', async (c) => c.json(await undoImport(c.var.deps.db, c.var.actor, idParam(c, 'id', IMPORT_TEXT.notFound))));
  return r;
}
