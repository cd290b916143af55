// Import endpoints: preview, start, follow (the latest job survives a reload), undo.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuplicateMode, ImportJob, ImportKind, ImportMapping, ImportPreview } from '#shared/imports.ts';
import { api, apiGet, apiPost } from '#web/lib/api.ts';

export const importKeys = { latest: ['imports', 'latest'] as const };

function importForm(file: File, kind: ImportKind, mapping?: ImportMapping, duplicates?: DuplicateMode): FormData {
  // the fields before the file: the server checks them before it reads the file's bytes
  const form = new FormData();
  form.set('kind', kind);
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  if (duplicates) form.set('duplicates', duplicates);
  form.set('file', file);
  return form;
}

export function previewImport(file: File, kind: ImportKind, mapping: ImportMapping | undefined, duplicates: DuplicateMode) {
  return api<ImportPreview>('/api/imports/preview', { method: 'POST', body: importForm(file, kind, mapping, duplicates) });
}

/** The agency's latest import; polled while it runs. */
export function useLatestImport() {
  return useQuery({
    queryKey: importKeys.latest,
    queryFn: ({ signal }) => apiGet<{ job: ImportJob | null }>('/api/imports/latest', signal),
    refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? 500 : false),
  });
}

export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; kind: ImportKind; mapping: ImportMapping; duplicates: DuplicateMode }) =>
      api<ImportJob>('/api/imports', { method: 'POST', body: importForm(v.file, v.kind, v.mapping, v.duplicates) }),
    onSuccess: (job) => qc.setQueryData(importKeys.latest, { job }),
  });
}

export function useUndoImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<ImportJob>(`/api/imports/${id}/undo`),
    onSuccess: (job) => {
      qc.setQueryData(importKeys.latest, { job });
      return Promise.all([['customers'], ['policies'], ['usage'], ['activity']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
