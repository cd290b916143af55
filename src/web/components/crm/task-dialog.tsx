// The create/edit task dialog: react-hook-form with the shared schema; the server's field errors
// (an assignee outside the agency, a link not found) land on the same fields.
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { agencyToday } from '#shared/time.ts';
import { TASK_PRIORITIES, TASK_PRIORITY_LABEL, TASK_TEXT, taskInputSchema, type TaskRow, type TaskTarget, type TaskValues } from '#shared/tasks.ts';
import { AssigneeOptions, useAssignees } from '#web/components/assignees.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { targetFields, useSaveTask } from '#web/lib/crm.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';

interface FormValues {
  title: string;
  description: string;
  due_date: string;
  due_time: string;
  priority: string;
  assignee_id: string;
  customer_id: string | null;
  policy_id: string | null;
  opportunity_id: string | null;
}

function defaults(task: TaskRow | undefined, target: TaskTarget | undefined, me: string): FormValues {
  if (task)
    return {
      title: task.title,
      description: task.description ?? '',
      due_date: task.due_date,
      due_time: task.due_time,
      priority: task.priority,
      assignee_id: task.assignee_id ?? me,
      customer_id: task.customer_id,
      policy_id: task.policy_id,
      opportunity_id: task.opportunity_id,
    };
  return { title: '', description: '', due_date: agencyToday(Intl.DateTimeFormat().resolvedOptions().timeZone), due_time: '09:00', priority: 'normal', assignee_id: me, ...targetFields(target) };
}

export function TaskDialog({
  open,
  onOpenChange,
  task,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** editing this task; absent: a new one */
  task?: TaskRow;
  /** what a new task is linked to */
  target?: TaskTarget;
}) {
  const session = useSession();
  const me = session.data?.profile.id ?? '';
  const members = useAssignees();
  const save = useSaveTask(task?.id);
  const form = useForm<FormValues, unknown, TaskValues>({
    resolver: zodResolver(taskInputSchema) as never,
    defaultValues: defaults(task, target, me),
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors, reset, setError } = form;
  const applyServerErrors = useServerFieldErrors(setError);
  useEffect(() => {
    if (open) reset(defaults(task, target, me));
    // reset when the dialog opens, or once the session arrives
  }, [open, me]); // eslint-disable-line react-hooks/exhaustive-deps
  const field = (name: Path<FormValues>) => register(name, { onChange: () => clearErrors(name) });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notify.success('Success', task ? TASK_TEXT.updated : TASK_TEXT.created);
        onOpenChange(false);
      },
      onError: (err) => {
        applyServerErrors(err);
        notify.error('Error', errorMessage(err));
      },
    }),
  );
  const linkError = formState.errors.customer_id?.message ?? formState.errors.policy_id?.message ?? formState.errors.opportunity_id?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={task ? 'Edit task' : 'New task'}>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={task ? 'Edit task' : 'New task'}>
          <FormField label="Title" required className="sm:col-span-2" error={formState.errors.title?.message}>
            <Input autoFocus {...field('title')} />
          </FormField>
          <FormField label="Description" className="sm:col-span-2" error={formState.errors.description?.message}>
            <Textarea rows={3} {...field('description')} />
          </FormField>
          <FormField label="Due date" required error={formState.errors.due_date?.message}>
            <Input type="date" {...field('due_date')} />
          </FormField>
          <FormField label="Due time" error={formState.errors.due_time?.message}>
            <Input type="time" {...field('due_time')} />
          </FormField>
          <FormField label="Priority" error={formState.errors.priority?.message}>
            <Select {...field('priority')}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {TASK_PRIORITY_LABEL[p]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Assignee" required error={formState.errors.assignee_id?.message}>
            <Select {...field('assignee_id')}>
              <AssigneeOptions members={members.data} />
            </Select>
          </FormField>
          {linkError ? (
            <p role="alert" className="text-sm text-red-600 sm:col-span-2">
              {linkError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : task ? 'Save task' : 'Create task'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
