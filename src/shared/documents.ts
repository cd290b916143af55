// Documents (issue 13): the types we keep (decided by content), the limits, the list query, the
// rename and move schemas and every text the pages and the API show.
import { z } from 'zod';
import { FILE_TYPES, type FileContentType } from './files.ts';
import { listQuerySchema } from './lists.ts';
import { PAGE_SIZE } from './policies.ts';
import { requiredText, safeText } from './validation.ts';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/heic', DOCX, XLSX] as const satisfies readonly FileContentType[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** 25 MB per file (26,214,400 bytes). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
/** Deleted documents stay this long in the Trash. */
export const TRASH_DAYS = 30;
/** Images and PDFs open in the preview; the rest (HEIC, Word, Excel) only download. */
export const PREVIEWABLE: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'];

export const DOCUMENT_TYPE_FILTERS = ['all', 'pdf', 'image', 'word', 'excel'] as const;
export type DocumentTypeFilter = (typeof DOCUMENT_TYPE_FILTERS)[number];
export const DOCUMENT_TYPE_FILTER_LABEL: Record<DocumentTypeFilter, string> = { all: 'All types', pdf: 'PDF', image: 'Images', word: 'Word', excel: 'Excel' };
export const TYPE_FILTER_TYPES: Record<Exclude<DocumentTypeFilter, 'all'>, readonly DocumentType[]> = {
  pdf: ['application/pdf'],
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/heic'],
  word: [DOCX],
  excel: [XLSX],
};

export function documentTypeLabel(contentType: string): string {
  return (FILE_TYPES as Record<string, { label: string }>)[contentType]?.label ?? 'File';
}

export const DOCUMENT_TEXT = {
  title: 'Documents',
  description: 'Declarations, ID cards, applications and signed forms, kept per customer and policy.',
  card: 'Documents',
  dropHere: 'Drag and drop files here, or',
  choose: 'Choose files',
  accepted: 'PDF, JPEG, PNG, GIF, HEIC, Word (.docx) or Excel (.xlsx), up to 25 MB each.',
  empty: 'No documents yet.',
  emptyTrash: 'The Trash is empty.',
  searchPlaceholder: 'Search by name',
  invalidFile: 'This file type is not accepted. Upload a PDF, JPEG, PNG, GIF, HEIC, Word (.docx) or Excel (.xlsx) file.',
  emptyFile: 'This file is empty.',
  tooLarge: 'This file is larger than 25 MB.',
  zipBomb: 'This Office file is not accepted: its contents would unpack to an unsafe size.',
  fileRequired: 'Please choose a file to upload.',
  oneFile: 'Upload one file per request.',
  quotaExceeded: (remaining: string) => `Your plan's document storage is full: only ${remaining} left. Delete documents (and empty them from the Trash) or upgrade your plan.`,
  targetRequired: 'Choose a customer or a policy for this document.',
  customerNotFound: 'Customer not found.',
  policyNotFound: 'Policy not found.',
  notFound: 'Document not found.',
  nameRequired: 'Name is required.',
  uploaded: (name: string) => `${name} uploaded.`,
  renamed: 'Document renamed.',
  moved: 'Document moved.',
  deleted: 'Document moved to the Trash. You can restore it for 30 days.',
  restored: 'Document restored.',
  trashExpired: 'This document was deleted more than 30 days ago and can no longer be restored.',
  usage: (used: string, quota: string) => `${used} of ${quota} used`,
  preview: 'Preview',
  download: 'Download',
  trash: 'Trash',
  upgrade: 'Documents are available on the Business plan and above.',
} as const;

export const documentQuerySchema = listQuerySchema({
  sortColumns: ['created_at', 'size', 'name', 'deleted_at'],
  defaultSort: 'created_at.desc',
  pageSize: PAGE_SIZE,
}).extend({
  type: z.enum(DOCUMENT_TYPE_FILTERS).catch('all').default('all'),
  customer_id: z.uuid().optional().catch(undefined),
  policy_id: z.uuid().optional().catch(undefined),
  uploaded_by: safeText({ trim: false }).max(100).optional().catch(undefined),
  view: z.enum(['active', 'trash']).catch('active').default('active'),
});
export type DocumentQuery = z.output<typeof documentQuerySchema>;

const optionalId = z
  .union([z.uuid(), z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/** Where a document belongs: a customer, a policy, or both (a policy of that customer). */
export const documentTargetSchema = z
  .object({ customer_id: optionalId, policy_id: optionalId })
  .refine((v) => v.customer_id !== null || v.policy_id !== null, { message: DOCUMENT_TEXT.targetRequired, path: ['customer_id'] });
export type DocumentTarget = z.output<typeof documentTargetSchema>;

/** A new name follows the upload's rule (displayName): the last path segment, so ../ never survives. */
export const renameDocumentSchema = z.object({
  name: requiredText(DOCUMENT_TEXT.nameRequired, 200).transform((v) => displayName(v)),
});
export type RenameDocumentInput = z.input<typeof renameDocumentSchema>;

export const moveDocumentSchema = documentTargetSchema;
export type MoveDocumentInput = z.input<typeof moveDocumentSchema>;

/** A document as /api/v1 answers it (its list, the change feed and the webhooks' data). */
export interface ApiDocument {
  id: string;
  name: string;
  content_type: string;
  size: number;
  customer_id: string | null;
  customer_name: string | null;
  policy_id: string | null;
  policy_number: string | null;
  uploaded_by: string | null;
  /** shown to the customer in the client portal (issue 32) */
  shared_with_client: boolean;
  /** uploaded by the client in the portal (issue 32) */
  from_client: boolean;
  created_at: string;
  updated_at: string;
}

/** A document as the app's own pages list it: the API's fields, who uploaded it by name, and its Trash dates. */
export interface DocumentRow extends ApiDocument {
  uploaded_by_name: string | null;
  deleted_at: string | null;
  /** when a Trash row is removed for good */
  purge_at: string | null;
  /** the lists' rows only: this is a client's signed copy (issue 32), which is never sent for signature again */
  signed_copy?: boolean;
}

export interface DocumentUsage {
  used: number;
  quota: number;
}

/** The name shown in the app: the last path segment, no control characters, at most 200 characters. */
export function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').replace(/\s+/g, ' ').trim();
  return clean.slice(0, 200) || 'file';
}

export function formatStorage(bytes: number): string {
  const GB = 1024 ** 3;
  if (bytes >= GB) return `${(bytes / GB).toFixed(bytes % GB === 0 ? 0 : 1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/**
 * The presigned GET behind an opened link (the app's or /api/v1's download, on S3) only has to
 * survive the client following the redirect.
 */
export const REDIRECT_TTL_SECONDS = 30;
