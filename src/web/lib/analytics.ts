// The analytics endpoint (Business and above): the page and the dashboard panel share one cache entry.
import { useQuery } from '@tanstack/react-query';
import type { Analytics } from '#shared/analytics.ts';
import { apiGet } from '#web/lib/api.ts';
import { downloadBlob } from '#web/lib/download.ts';

export function useAnalytics(enabled = true) {
  return useQuery({ queryKey: ['analytics'], queryFn: ({ signal }) => apiGet<Analytics>('/api/analytics', signal), enabled });
}

/** Saves text as a file (the chart CSVs are built in the browser). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}
