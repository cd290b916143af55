// One query hook per bulk-actions endpoint. Running jobs are polled, so the progress bar moves and
// survives a reload (the job lives in PostgreSQL, the page only reads it).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BULK_TEXT, type BulkActionInfo, type BulkExportInput, type BulkJournalEntry, type BulkPreview, type BulkRequestInput } from '#shared/bulk.ts';
import type { Page } from '#shared/policies.ts';
import { api, apiGet, apiPost, errorMessage } from './api.ts';
import { refreshBook } from './book.ts';
import { downloadBlob } from './download.ts';
import { LONG_TOAST_MS, notify } from './toast.ts';

export const bulkKeys = {
  all: ['bulk'] as const,
  list: (page: number) => ['bulk', 'list', page] as const,
  detail: (id: string) => ['bulk', 'detail', id] as const,
  journal: (id: string, page: number) => ['bulk', 'journal', id, page] as const,
};

const POLL_MS = 1000;

export function useBulkActions(page: number) {
  return useQuery({
    queryKey: bulkKeys.list(page),
    queryFn: ({ signal }) => apiGet<Page<BulkActionInfo>>(`/api/bulk?page=${page}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.state === 'running') ? POLL_MS : false),
  });
}

export function useBulkAction(id: string) {
  return useQuery({
    queryKey: bulkKeys.detail(id),
    queryFn: ({ signal }) => apiGet<BulkActionInfo>(`/api/bulk/${encodeURIComponent(id)}`, signal),
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? POLL_MS : false),
  });
}

export function useBulkJournal(id: string, page: number) {
  return useQuery({
    queryKey: bulkKeys.journal(id, page),
    queryFn: ({ signal }) => apiGet<Page<BulkJournalEntry>>(`/api/bulk/${encodeURIComponent(id)}/journal?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePreviewBulk() {
  return useMutation({ mutationFn: (input: BulkRequestInput) => apiPost<BulkPreview>('/api/bulk/preview', input) });
}

/** Runs (or starts) the action; the book and the Recent list refresh. */
export function useRunBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkRequestInput) => apiPost<BulkActionInfo>('/api/bulk', input),
    onSuccess: async () => Promise.all([refreshBook(qc), qc.invalidateQueries({ queryKey: bulkKeys.all })]),
  });
}

/**
 * Undoes an action. The toasts are said here, not in the caller's mutate() callbacks: the refreshed
 * list drops the Undo button (can_undo turns false), and TanStack Query skips the callbacks of an
 * unmounted caller, so a toast said there was lost whenever the list answered before the book did.
 */
export function useUndoBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<BulkActionInfo>(`/api/bulk/${encodeURIComponent(id)}/undo`),
    onSuccess: async () => {
      notify.success('Success', BULK_TEXT.undone);
      await Promise.all([refreshBook(qc), qc.invalidateQueries({ queryKey: bulkKeys.all })]);
    },
    onError: (err) => notify.error('Undo refused', errorMessage(err), LONG_TOAST_MS),
  });
}

/** The selection as CSV, downloaded (POST: a selection of ids does not fit in a link). */
export async function exportSelection(input: BulkExportInput): Promise<void> {
  const response = await fetch('/api/bulk/export', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) {
    // the same error shape as every endpoint: let api() read it
    await api('/api/bulk/export', { method: 'POST', body: input });
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${input.entity}.csv`;
  downloadBlob(name, await response.blob());
}
