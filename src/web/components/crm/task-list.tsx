// Task rows shared by My tasks and the Tasks cards: done/reopen inline, edit, delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Circle, Pencil, Trash2 } from 'lucide-react';
import { TASK_PRIORITY_LABEL, TASK_TEXT, type TaskRow } from '#shared/tasks.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useDeleteTask, useSetTaskDone } from '#web/lib/crm.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { TaskDialog } from './task-dialog.tsx';

const PRIORITY_TONE = { low: 'gray', normal: 'blue', high: 'red' } as const;

function TaskItem({ task, showLink }: { task: TaskRow; showLink: boolean }) {
  const done = task.completed_at !== null;
  const setDone = useSetTaskDone();
  const remove = useDeleteTask();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // mutateAsync: the item leaves a filtered list once refreshed, and mutate()'s callbacks die with it
  const toggle = () =>
    setDone.mutateAsync({ id: task.id, done: !done }).then(
      () => notify.success('Success', done ? TASK_TEXT.reopened : TASK_TEXT.completed),
      (err: unknown) => notify.error('Error', errorMessage(err)),
    );
  return (
    <li className="flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3" data-testid="task">
      <button
        type="button"
        onClick={toggle}
        disabled={setDone.isPending}
        className="mt-0.5 rounded-full text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={done ? `Reopen ${task.title}` : `Mark ${task.title} as done`}
      >
        {done ? <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden /> : <Circle className="h-5 w-5" aria-hidden />}
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={done ? 'font-medium text-slate-500 line-through' : 'font-medium text-slate-900'}>{task.title}</span>
          <Badge tone={PRIORITY_TONE[task.priority]}>{TASK_PRIORITY_LABEL[task.priority]}</Badge>
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Due {formatDay(task.due_date)} {task.due_time}
          {task.assignee_name ? ` · ${task.assignee_name}` : ''}
          {showLink && task.customer_id ? (
            <>
              {' · '}
              <Link className="text-brand-700 hover:underline" to={`/dashboard/customers/${task.customer_id}`}>
                {task.customer_name}
              </Link>
            </>
          ) : null}
          {showLink && task.policy_id ? (
            <>
              {' · '}
              <Link className="text-brand-700 hover:underline" to={`/dashboard/policies/${task.policy_id}`}>
                Policy {task.policy_number}
              </Link>
            </>
          ) : null}
        </p>
        {task.description ? <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{task.description}</p> : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label={`Edit ${task.title}`}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => setConfirming(true)} aria-label={`Delete ${task.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <TaskDialog open={editing} onOpenChange={setEditing} task={task} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete task?"
        description={`"${task.title}" will be deleted.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutateAsync(task.id).then(
            () => {
              setConfirming(false);
              notify.success('Success', TASK_TEXT.deleted);
            },
            (err: unknown) => notify.error('Error', errorMessage(err)),
          )
        }
      />
    </li>
  );
}

export function TaskList({ tasks, label, showLink = true }: { tasks: TaskRow[]; label: string; showLink?: boolean }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {tasks.map((t) => (
        <TaskItem key={t.id} task={t} showLink={showLink} />
      ))}
    </ul>
  );
}
