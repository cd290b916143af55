// The Tasks card of a customer, policy or opportunity page: its tasks and "Add task" (CRM,
// Business and above; below that a short upsell).
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { TASK_TEXT, type TaskTarget } from '#shared/tasks.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useLinkedTasks } from '#web/lib/crm.ts';
import { useFeature } from '#web/lib/session.ts';
import { TaskDialog } from './task-dialog.tsx';
import { TaskList } from './task-list.tsx';

export function TasksCard({ target }: { target: TaskTarget }) {
  const { allowed } = useFeature('crm');
  const tasks = useLinkedTasks(target, allowed);
  const [adding, setAdding] = useState(false);
  return (
    <Card id="tasks">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle>Tasks</CardTitle>
        {allowed ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add task
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <p className="text-sm text-slate-600">
            {TASK_TEXT.upgradeTitle}: available on the Business plan and above.{' '}
            <Link className="text-brand-700 underline hover:text-brand-800" to="/pricing">
              See plans
            </Link>
          </p>
        ) : tasks.isPending ? (
          <ListSkeleton rows={2} />
        ) : tasks.isError ? (
          <ListError onRetry={() => void tasks.refetch()}>Could not load the tasks.</ListError>
        ) : tasks.data.length === 0 ? (
          <p className="text-sm text-slate-500">{TASK_TEXT.empty}</p>
        ) : (
          <TaskList tasks={tasks.data} label="Tasks" showLink={false} />
        )}
      </CardContent>
      {allowed ? <TaskDialog open={adding} onOpenChange={setAdding} target={target} /> : null}
    </Card>
  );
}
