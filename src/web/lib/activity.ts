import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityQuery } from '#shared/activity.ts';
import type { Page } from '#shared/policies.ts';
import { apiGet } from './api.ts';
import { queryString } from './query-string.ts';

/** Parameters left out take the schema's defaults on the server. */
export function useActivity(q: Partial<ActivityQuery>) {
  return useQuery({
    queryKey: ['activity', q],
    queryFn: ({ signal }) => apiGet<Page<ActivityEntry>>(`/api/activity${queryString(q)}`, signal),
    placeholderData: keepPreviousData,
  });
}
