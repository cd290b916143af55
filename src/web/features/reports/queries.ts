// One query hook per reports endpoint; the report's filters are its cache key.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportSearch, type ReportKind, type ReportQueryInput, type ReportResult } from '#shared/reports.ts';
import { apiGet } from '#web/lib/api.ts';

export function reportUrl(kind: ReportKind, q: ReportQueryInput, suffix = ''): string {
  const search = new URLSearchParams(reportSearch(kind, q));
  search.delete('report');
  const text = search.toString();
  return `/api/reports/${kind}${suffix}${text ? `?${text}` : ''}`;
}

export function useReport(kind: ReportKind, q: ReportQueryInput, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['reports', kind, q],
    queryFn: ({ signal }) => apiGet<ReportResult>(reportUrl(kind, q), signal),
    placeholderData: keepPreviousData,
  });
}

export function useCarriers() {
  return useQuery({ queryKey: ['reports', 'carriers'], queryFn: ({ signal }) => apiGet<string[]>('/api/reports/carriers', signal) });
}
