import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityQuery } from '#shared/activity.ts';
import type { Page } from '#shared/policies.ts';
import { apiGet } from '../../lib/api.ts';
import { queryString } from '../policies/queries.ts';

export function useActivity(q: ActivityQuery) {
  return useQuery({
    queryKey: ['activity', q],
    queryFn: ({ signal }) => apiGet<Page<ActivityEntry>>(`/api/activity${queryString(q)}`, signal),
    placeholderData: keepPreviousData,
  });
}
