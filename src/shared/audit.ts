// The audit log of privileged actions (issue 16): its actions, filters, rows and CSV export.
import { z } from 'zod';
import { csvField } from './csv.ts';
import { safeText } from './validation.ts';

/** Every action the log knows. Features add theirs here (content edits use content.*). */
export const AUDIT_ACTIONS = {
  'user.role_changed': 'Role changed',
  'user.tier_changed': 'Plan changed',
  'user.permission_granted': 'Permission granted',
  'user.permission_revoked': 'Permission revoked',
  'user.deleted': 'User deleted',
  'payment.approved': 'Payment approved',
  'payment.rejected': 'Payment rejected',
  'auth.lockout': 'Sign-in locked out',
  'auth.unlock': 'Sign-in unlocked',
  'settings.changed': 'Settings changed',
  'content.edited': 'Content edited',
  'content.page_saved': 'Page saved',
  'content.post_created': 'Post created',
  'content.post_updated': 'Post updated',
  'content.post_deleted': 'Post deleted',
  'content.post_cover_changed': 'Post cover changed',
  'content.seo_saved': 'SEO saved',
  'settings.payment_instructions': 'Payment instructions changed',
  'user.deleted_self': 'Account deleted by its owner',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const AUDIT_PAGE_SIZE = 50;
/** The CSV export's cap: enough for any filtered period an operator reads in a spreadsheet. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const day = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Please enter a valid date.');

export const auditQuerySchema = z
  .object({
    actor: safeText().toLowerCase().max(320).optional().default(''),
    action: z.union([z.literal('all'), z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]])]).optional().default('all'),
    target: safeText().max(320).optional().default(''),
    from: z.union([z.literal(''), day]).optional().default(''),
    to: z.union([z.literal(''), day]).optional().default(''),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end date must be on or after the start date.' });
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

export interface AuditEntry {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  before: unknown;
  after: unknown;
}

export const AUDIT_CSV_COLUMNS = ['time', 'actor', 'ip', 'action', 'target type', 'target', 'target id', 'before', 'after'] as const;

export function auditCsvRow(e: AuditEntry): string {
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return [e.created_at, e.actor_email ?? 'system', e.ip, e.action, e.target_type, e.target_label, e.target_id, json(e.before), json(e.after)]
    .map(csvField)
    .join(',');
}
