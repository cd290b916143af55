// Uploaded files: the types we accept (decided by content), sizes and link lifetime (platform.md §5, §9).

export const FILE_TYPES = {
  'image/jpeg': { label: 'JPEG', extension: 'jpg' },
  'image/png': { label: 'PNG', extension: 'png' },
  'image/gif': { label: 'GIF', extension: 'gif' },
  'image/webp': { label: 'WebP', extension: 'webp' },
  // white-label logos only: rasterised to PNG before they are stored (src/server/features/branding/logo.ts)
  'image/svg+xml': { label: 'SVG', extension: 'svg' },
  'application/pdf': { label: 'PDF', extension: 'pdf' },
  'text/csv': { label: 'CSV', extension: 'csv' },
  'image/heic': { label: 'HEIC', extension: 'heic' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'Word', extension: 'docx' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { label: 'Excel', extension: 'xlsx' },
} as const;
export type FileContentType = keyof typeof FILE_TYPES;

/** Upgrade receipts: JPEG, PNG or PDF, at most 5 MB. */
export const RECEIPT_TYPES: readonly FileContentType[] = ['image/jpeg', 'image/png', 'application/pdf'];
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** Client premium receipts: JPEG, PNG, GIF or PDF, at most 10 MB each (10485760 bytes). */
export const PREMIUM_RECEIPT_TYPES: readonly FileContentType[] = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];
export const PREMIUM_RECEIPT_MAX_BYTES = 10_485_760;
export const PREMIUM_RECEIPT_MAX_FILES = 5;

/** Signed file links live 300 seconds. */
export const FILE_LINK_TTL_SECONDS = 300;

/** The `accept` attribute of a file input: the browser's hint only; the server checks the bytes. */
export function acceptAttribute(types: readonly FileContentType[]): string {
  return types.flatMap((t) => [t, `.${FILE_TYPES[t].extension}`, ...(t === 'image/jpeg' ? ['.jpeg'] : [])]).join(',');
}

export interface StoredFileInfo {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

export interface FileLink {
  url: string;
  expiresAt: string;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** Browser-side first check by declared type (the server decides by content). */
export function looksAllowed(file: { type: string; name: string }, types: readonly FileContentType[]): boolean {
  if ((types as readonly string[]).includes(file.type)) return true;
  if (file.type) return false;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types.some((t) => FILE_TYPES[t].extension === ext || (t === 'image/jpeg' && ext === 'jpeg'));
}
