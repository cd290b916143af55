// /admin/system (super admin): the background jobs — queued, running, done and failed (dead after
// their last attempt) — with Retry for a failed one. Refreshes while jobs are queued or running.
import { format, parseISO } from 'date-fns';
import { RotateCcw } from 'lucide-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_STATE_LABELS, JOB_STATES, JOBS_TEXT, jobsQuerySchema, type JobInfo, type JobsPage, type JobsQuery, type JobState } from '#shared/jobs.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { Pager } from '#web/components/list-parts.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';

const jobsKey = ['admin', 'jobs'] as const;

function useJobs(q: JobsQuery) {
  return useQuery({
    queryKey: [...jobsKey, q],
    queryFn: ({ signal }) => apiGet<JobsPage>(`/api/admin/jobs?${new URLSearchParams({ state: q.state, page: String(q.page) })}`, signal),
    placeholderData: keepPreviousData,
    // work in progress moves on its own: follow it while there is some
    refetchInterval: (query) => ((query.state.data?.counts.queued ?? 0) + (query.state.data?.counts.running ?? 0) > 0 ? 5_000 : false),
  });
}

function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ job: JobInfo }>(`/api/admin/jobs/${id}/retry`),
    onSettled: () => qc.invalidateQueries({ queryKey: jobsKey }),
  });
}

const TONE: Record<JobState, 'gray' | 'blue' | 'green' | 'red'> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };
const when = (iso: string | null) => (iso ? format(parseISO(iso), 'MMM d, HH:mm:ss') : '—');

function progressText(p: Record<string, unknown> | null): string {
  if (!p) return '—';
  if (typeof p.done === 'number' && typeof p.of === 'number') return `${p.done.toLocaleString('en-US')} of ${p.of.toLocaleString('en-US')}`;
  return Object.entries(p)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

export function AdminSystemPage() {
  const { query, setQuery } = useListQuery(jobsQuerySchema);
  const list = useJobs(query);
  const retry = useRetryJob();
  const counts = list.data?.counts;
  const columns: ListColumn<JobInfo>[] = [
    { id: 'job', header: 'Job', primary: true, cell: (j) => <span className="font-medium text-slate-900">{j.label}</span> },
    { id: 'state', header: 'State', cell: (j) => <Badge tone={TONE[j.state]}>{JOB_STATE_LABELS[j.state]}</Badge> },
    { id: 'agency', header: 'Agency', cell: (j) => j.agency_name ?? 'System' },
    { id: 'attempts', header: 'Attempts', cell: (j) => `${j.attempts} of ${j.max_attempts}` },
    { id: 'progress', header: 'Progress', cell: (j) => progressText(j.progress) },
    { id: 'created', header: 'Created', cell: (j) => when(j.created_at) },
    { id: 'next', header: 'Next run / finished', cell: (j) => (j.state === 'queued' ? when(j.run_at) : when(j.finished_at ?? j.locked_until)) },
    { id: 'error', header: 'Last error', cell: (j) => <span className="block max-w-xs truncate" title={j.last_error ?? undefined}>{j.last_error ?? '—'}</span> },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">System</h1>
        <p className="mt-1 text-slate-600">
          Background jobs of every instance: digests, purges, webhook deliveries, bulk changes and imports. A job that failed its last attempt stays here until it is retried.
        </p>
      </div>
      <div className="max-w-xs space-y-1">
        <label htmlFor="jobs-state" className="text-sm font-medium text-slate-800">State</label>
        <Select id="jobs-state" value={query.state} onChange={(e) => setQuery({ state: e.target.value as JobsQuery['state'] })}>
          <option value="all">All states</option>
          {JOB_STATES.map((s) => (
            <option key={s} value={s}>
              {JOB_STATE_LABELS[s]}{counts ? ` (${counts[s]})` : ''}
            </option>
          ))}
        </Select>
      </div>
      <Card className="overflow-hidden">
        <DataList
          label="Jobs"
          columns={columns}
          source={list}
          rowKey={(j) => j.id}
          rowLabel={(j) => `${j.label}, ${JOB_STATE_LABELS[j.state]}`}
          rowTestId="job-row"
          empty={JOBS_TEXT.empty}
          errorText={(message) => `${JOBS_TEXT.loadFailed}: ${message}`}
          actionsHeader="Actions"
          actions={(j) =>
            j.state === 'failed' ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Retry ${j.label}`}
                disabled={retry.isPending}
                onClick={() =>
                  retry.mutate(j.id, {
                    onSuccess: () => notify.success(JOBS_TEXT.retried, j.label),
                    onError: (err) => notify.error(JOBS_TEXT.retryFailed, errorMessage(err)),
                  })
                }
              >
                <RotateCcw className="h-4 w-4" aria-hidden /> Retry
              </Button>
            ) : null
          }
        />
        {list.data && list.data.total > list.data.pageSize ? (
          <Pager page={query.page} total={list.data.total} pageSize={list.data.pageSize} onPage={(page) => setQuery({ page })} />
        ) : null}
      </Card>
    </div>
  );
}
