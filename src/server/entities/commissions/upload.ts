// A carrier statement's upload (issue 31), read the same way by the Commissions page and /api/v1:
// the form's fields (carrier, period, mapping, confirm) before one CSV or .xlsx file, sniffed by its bytes.
import type { Context } from 'hono';
import { statementOptionsSchema } from '#shared/commissions.ts';
import { XLSX } from '#shared/documents.ts';
import { IMPORT_MAX_BYTES, IMPORT_TEXT } from '#shared/imports.ts';
import type { AppEnv } from '#server/context.ts';
import type { UploadRules } from '#server/files.ts';
import { validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { readFirstSheet, sniffImport } from '#server/platform/xlsx.ts';
import type { StatementUpload } from './statements.ts';

const STATEMENT_RULES: UploadRules = {
  field: 'file',
  types: ['text/csv', XLSX],
  maxBytes: IMPORT_MAX_BYTES,
  maxFiles: 1,
  sniff: sniffImport,
  text: { invalidFile: IMPORT_TEXT.notReadable, tooLarge: IMPORT_TEXT.tooLarge, receipt: IMPORT_TEXT.noFile, empty: IMPORT_TEXT.noFile },
};

export async function readStatement(c: Context<AppEnv>): Promise<StatementUpload> {
  const { input, uploads } = await readUploadForm(c, {
    fields: ['carrier', 'period', 'mapping', 'confirm'],
    rules: STATEMENT_RULES,
    check: (fields) => validate(statementOptionsSchema, fields),
  });
  const [file] = uploads;
  return {
    carrier: input.carrier,
    period: input.period,
    mapping: input.mapping,
    confirm: input.confirm,
    fileName: file.name,
    bytes: file.bytes,
    file: file.contentType === XLSX ? { format: 'xlsx', rows: await readFirstSheet(file.bytes) } : { format: 'csv', text: new TextDecoder('utf-8').decode(file.bytes) },
  };
}
