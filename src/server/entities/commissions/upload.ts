// A carrier statement's upload (issue 31), read the same way by the Commissions page and /api/v1:
// the form's fields (carrier, period, mapping, confirm) before one CSV or .xlsx file, sniffed by its bytes.
import type { Context } from 'hono';
import { statementOptionsSchema } from '#shared/commissions.ts';
import { XLSX } from '#shared/documents.ts';
import type { AppEnv } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { readFirstSheet, SPREADSHEET_UPLOAD_RULES } from '#server/platform/xlsx.ts';
import type { StatementUpload } from './statements.ts';


export async function readStatement(c: Context<AppEnv>): Promise<StatementUpload> {
  const { input, uploads } = await readUploadForm(c, {
    fields: ['carrier', 'period', 'mapping', 'confirm'],
    rules: SPREADSHEET_UPLOAD_RULES,
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
