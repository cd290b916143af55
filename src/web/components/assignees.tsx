// The agency's members as assignees: one query, and the options every assignee select shows.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#web/lib/api.ts';

export interface Assignee {
  id: string;
  name: string;
}

export function useAssignees() {
  return useQuery({
    queryKey: ['assignees'],
    queryFn: ({ signal }) => apiGet<{ members: Assignee[] }>('/api/assignees', signal),
    staleTime: 60_000,
    select: (d) => d.members,
  });
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
