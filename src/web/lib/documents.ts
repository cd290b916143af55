// One query hook per documents endpoint, and the upload itself: an XMLHttpRequest per file, so each
// file has its own progress bar and its own error (fetch cannot report upload progress).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentQuery, DocumentRow, DocumentUsage, MoveDocumentInput } from '#shared/documents.ts';
import type { FileLink } from '#shared/files.ts';
import type { Page } from '#shared/policies.ts';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from './api.ts';
import { queryString } from './query-string.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: (q: Partial<DocumentQuery>) => ['documents', 'list', q] as const,
  usage: ['documents', 'usage'] as const,
  uploaders: ['documents', 'uploaders'] as const,
};

export function useDocuments(q: Partial<DocumentQuery>, enabled = true) {
  return useQuery({
    queryKey: documentKeys.list(q),
    queryFn: ({ signal }) => apiGet<Page<DocumentRow>>(`/api/documents${queryString(q)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDocumentUsage(enabled = true) {
  return useQuery({ queryKey: documentKeys.usage, queryFn: ({ signal }) => apiGet<DocumentUsage>('/api/documents/usage', signal), enabled });
}

export function useUploaders() {
  return useQuery({
    queryKey: documentKeys.uploaders,
    queryFn: ({ signal }) => apiGet<{ uploaders: { id: string; name: string }[] }>('/api/documents/uploaders', signal),
  });
}

function useDocumentMutation<V, R>(call: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }) });
}

const path = (id: string, tail = '') => `/api/documents/${encodeURIComponent(id)}${tail}`;

export const useRenameDocument = () => useDocumentMutation((v: { id: string; name: string }) => apiPatch<{ document: DocumentRow }>(path(v.id), { name: v.name }));
export const useMoveDocument = () =>
  useDocumentMutation((v: { id: string; target: MoveDocumentInput }) => apiPut<{ document: DocumentRow }>(path(v.id, '/target'), v.target));
export const useTrashDocument = () => useDocumentMutation((id: string) => apiDelete<{ ok: true }>(path(id)));
/** The Documents card's "Shared with client" toggle (client portal, issue 32). */
export const useShareDocument = () =>
  useDocumentMutation((v: { id: string; shared: boolean }) => apiPut<{ id: string; shared_with_client: boolean; message: string }>(path(v.id, '/shared'), { shared: v.shared }));
export const useRestoreDocument = () => useDocumentMutation((id: string) => apiPost<{ document: DocumentRow }>(path(id, '/restore')));

/** A fresh signed link each time it is needed: links live 300 s. */
export function fetchDocumentLink(id: string, disposition: 'inline' | 'attachment'): Promise<FileLink> {
  return apiGet<FileLink>(path(id, `/link?disposition=${disposition}`));
}

/** Uploads one file with its own progress (0–1); the server's readable error as an ApiError. */
export function uploadDocumentFile(
  file: File,
  target: { customer_id?: string; policy_id?: string },
  onProgress: (fraction: number) => void,
): Promise<DocumentRow> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (target.customer_id) form.append('customer_id', target.customer_id);
    if (target.policy_id) form.append('policy_id', target.policy_id);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let data: { document?: DocumentRow; error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status === 201 && data?.document) {
        onProgress(1);
        resolve(data.document);
      } else reject(new ApiError(xhr.status, data?.error?.code ?? `HTTP_${xhr.status}`, data?.error?.message ?? 'The upload failed. Please try again.', data?.error?.fields));
    };
    xhr.send(form);
  });
}
