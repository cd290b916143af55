// The export download: read the streamed archive chunk by chunk (its length is not known ahead),
// reporting the bytes received, then hand the file to the browser.
import { ApiError } from '#web/lib/api.ts';
import { downloadBlob } from '#web/lib/download.ts';

export interface ExportProgress {
  bytes: number;
  done: boolean;
}

export async function downloadExport(onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch('/api/export', { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? `HTTP_${response.status}`, body?.error?.message ?? 'Something went wrong');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'policydesk-export.zip';
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.length;
    onProgress({ bytes, done: false });
  }
  downloadBlob(name, new Blob(parts, { type: 'application/zip' }));
  onProgress({ bytes, done: true });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
