// The agency's members as assignees: one query, and the options every assignee select shows.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#web/lib/api.ts';

export interface Assignee {
  id: string;
  name: string;
}

export const assigneesQuery = {
  queryKey: ['assignees'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<{ members: Assignee[] }>('/api/assignees', signal),
  staleTime: 60_000,
};

export function useAssignees() {
  return useQuery({ ...assigneesQuery, select: (d) => d.members });
}

export function AssigneeOptions({ members }: { members: Assignee[] | undefined }) {
  return (
    <>
      {(members ?? []).map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </>
  );
}
