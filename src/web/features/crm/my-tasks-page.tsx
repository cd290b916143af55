// /dashboard/crm/tasks — My tasks (the CRM's default tab): Overdue, Today, Upcoming and Done in the
// agency's day, for me or a chosen member (?assignee=, in the URL).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { TASK_GROUP_LABEL, TASK_GROUPS, type TaskGroup } from '#shared/tasks.ts';
import { useAssignees } from '#web/components/assignees.tsx';
import { CrmTabs } from '#web/components/crm-tabs.tsx';
import { TaskDialog } from '#web/components/crm/task-dialog.tsx';
import { TaskList } from '#web/components/crm/task-list.tsx';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { useMyTasks, useTask } from '#web/lib/crm.ts';
import { useSession } from '#web/lib/session.ts';

const EMPTY: Record<TaskGroup, string> = {
  overdue: 'Nothing overdue.',
  today: 'Nothing due today.',
  upcoming: 'Nothing upcoming.',
  done: 'No completed tasks yet.',
};

export function MyTasksPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const me = session.data?.profile.id ?? '';
  const assignee = params.get('assignee') ?? '';
  const members = useAssignees();
  const query = useMyTasks(assignee);
  const [adding, setAdding] = useState(false);
  // a notification links to ?task=<id>: open that task's dialog
  const openId = params.get('task');
  const opened = useTask(openId);
  const closeOpened = () =>
    setParams(
      (p) => {
        p.delete('task');
        return p;
      },
      { replace: true },
    );
  const choose = (value: string) =>
    setParams(
      (p) => {
        if (value && value !== me) p.set('assignee', value);
        else p.delete('assignee');
        return p;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="CRM"
        description="Your tasks and the sales pipeline."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> New task
          </Button>
        }
      />
      <CrmTabs />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-lg font-semibold text-slate-900">My tasks</h2>
        <FormField label="Show tasks of" className="sm:w-64">
          <Select value={assignee || me} onChange={(e) => choose(e.target.value)}>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.id === me ? `Me (${m.name})` : m.name}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()}>Could not load the tasks.</ListError>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy={query.isFetching}>
          {TASK_GROUPS.map((g) => {
            const group = query.data.groups[g];
            return (
              <Card key={g} data-testid={`group-${g}`}>
                <CardHeader className="flex flex-row items-center gap-2 space-y-0">
                  <CardTitle>{TASK_GROUP_LABEL[g]}</CardTitle>
                  <Badge tone={g === 'overdue' && group.rows.length ? 'red' : 'gray'}>
                    {group.rows.length}
                    {group.more ? '+' : ''}
                  </Badge>
                </CardHeader>
                <CardContent>
                  {group.rows.length === 0 ? (
                    <p className="text-sm text-slate-500">{EMPTY[g]}</p>
                  ) : (
                    <TaskList tasks={group.rows} label={TASK_GROUP_LABEL[g]} />
                  )}
                  {group.more ? <p className="mt-2 text-xs text-slate-500">Showing the first {group.rows.length}.</p> : null}
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}
      <p className="text-xs text-slate-500">{query.data ? `Days follow the agency's timezone (${query.data.time_zone}); today is ${query.data.today}.` : null}</p>
      <TaskDialog open={adding} onOpenChange={setAdding} />
      {opened.data ? <TaskDialog open={Boolean(openId)} onOpenChange={(open) => (open ? null : closeOpened())} task={opened.data} /> : null}
    </div>
  );
}
