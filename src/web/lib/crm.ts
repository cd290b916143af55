// One query hook per CRM tasks and timeline endpoint; every task change refreshes the task lists,
// the customer timelines and the activity log.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommunicationValues } from '#shared/communications.ts';
import type { Communication } from '#shared/customers.ts';
import type { MyTasks, TaskRow, TaskTarget, TaskValues } from '#shared/tasks.ts';
import type { TimelineKind, TimelinePage } from '#shared/timeline.ts';
import { apiDelete, apiGet, apiPost, apiPut } from './api.ts';
import { customerKeys } from './customers.ts';

export const crmKeys = {
  tasks: ['tasks'] as const,
  mine: (assignee: string) => ['tasks', 'mine', assignee] as const,
  linked: (target: TaskTarget) => ['tasks', 'linked', target] as const,
  timelines: ['timeline'] as const,
  timeline: (customerId: string, kind: TimelineKind | 'all') => ['timeline', customerId, kind] as const,
};

/** The query string of a link target: ?customer_id=… (one of three). */
export function targetQuery(target: TaskTarget): string {
  if ('customerId' in target) return `customer_id=${encodeURIComponent(target.customerId)}`;
  if ('policyId' in target) return `policy_id=${encodeURIComponent(target.policyId)}`;
  return `opportunity_id=${encodeURIComponent(target.opportunityId)}`;
}

/** The link fields a new task of this target carries. */
export function targetFields(target: TaskTarget | undefined): Pick<TaskValues, 'customer_id' | 'policy_id' | 'opportunity_id'> {
  return {
    customer_id: target && 'customerId' in target ? target.customerId : null,
    policy_id: target && 'policyId' in target ? target.policyId : null,
    opportunity_id: target && 'opportunityId' in target ? target.opportunityId : null,
  };
}

export function useMyTasks(assignee: string) {
  return useQuery({
    queryKey: crmKeys.mine(assignee),
    queryFn: ({ signal }) => apiGet<MyTasks>(`/api/tasks/mine${assignee ? `?assignee=${encodeURIComponent(assignee)}` : ''}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** One task (a notification's link opens it on My tasks). */
export function useTask(id: string | null) {
  return useQuery({
    queryKey: ['tasks', 'one', id],
    queryFn: ({ signal }) => apiGet<TaskRow>(`/api/tasks/${encodeURIComponent(id ?? '')}`, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useLinkedTasks(target: TaskTarget, enabled = true) {
  return useQuery({
    queryKey: crmKeys.linked(target),
    queryFn: ({ signal }) => apiGet<{ rows: TaskRow[] }>(`/api/tasks?${targetQuery(target)}`, signal),
    select: (d) => d.rows,
    enabled,
  });
}

async function refreshTasks(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: crmKeys.tasks }),
    qc.invalidateQueries({ queryKey: crmKeys.timelines }),
    qc.invalidateQueries({ queryKey: ['activity'] }),
  ]);
}

export function useSaveTask(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: TaskValues) => (id ? apiPut<TaskRow>(`/api/tasks/${encodeURIComponent(id)}`, values) : apiPost<TaskRow>('/api/tasks', values)),
    onSuccess: () => refreshTasks(qc),
  });
}

export function useSetTaskDone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; done: boolean }) =>
      v.done ? apiPost<TaskRow>(`/api/tasks/${encodeURIComponent(v.id)}/done`) : apiDelete<TaskRow>(`/api/tasks/${encodeURIComponent(v.id)}/done`),
    onSuccess: () => refreshTasks(qc),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/tasks/${encodeURIComponent(id)}`),
    onSuccess: () => refreshTasks(qc),
  });
}

/** The customer timeline, page by page (keyset: each page names the next one's cursor). */
export function useTimeline(customerId: string, kind: TimelineKind | 'all', enabled = true) {
  return useInfiniteQuery({
    queryKey: crmKeys.timeline(customerId, kind),
    queryFn: ({ signal, pageParam }) =>
      apiGet<TimelinePage>(
        `/api/customers/${encodeURIComponent(customerId)}/timeline?kind=${kind}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

/** A correction: a new entry naming the one it corrects (the log is append-only). */
export function useCorrectCommunication(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { correctsId: string; values: CommunicationValues }) =>
      apiPost<Communication>(
        `/api/customers/${encodeURIComponent(customerId)}/communications/${encodeURIComponent(v.correctsId)}/corrections`,
        v.values,
      ),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: customerKeys.detail(customerId) }),
        qc.invalidateQueries({ queryKey: crmKeys.timelines }),
        qc.invalidateQueries({ queryKey: ['activity'] }),
      ]);
    },
  });
}
