// /api/admin/audit: read and export only. No route changes or deletes an entry (and the database
// refuses it anyway: see the trigger in the migration).
import { Hono } from 'hono';
import { AUDIT_CSV_COLUMNS, auditCsvRow, auditQuerySchema } from '#shared/audit.ts';
import { csvField } from '#shared/csv.ts';
import type { AppEnv } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { requireSuperAdmin } from '#server/platform/access.ts';
import { exportAudit, listAudit } from './service.ts';

export function auditRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/admin/audit', requireSuperAdmin, async (c) => c.json(await listAudit(c.var.deps.db, validate(auditQuerySchema, c.req.query()))));

  r.get('/admin/audit/export', requireSuperAdmin, async (c) => {
    const rows = await exportAudit(c.var.deps.db, validate(auditQuerySchema, c.req.query()));
    const csv = [AUDIT_CSV_COLUMNS.map(csvField).join(','), ...rows.map(auditCsvRow)].join('\r\n') + '\r\n';
    const stamp = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log-${stamp}.csv"`,
      'cache-control': 'no-store',
    });
  });

  return r;
}
