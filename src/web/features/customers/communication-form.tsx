// The communication form: logs an entry, or a correction of one (the log is append-only).
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import {
  COMMUNICATION_TEXT,
  COMMUNICATION_TYPE_LABEL,
  COMMUNICATION_TYPES,
  communicationInputSchema,
  type CommunicationType,
  type CommunicationValues,
} from '#shared/communications.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCorrectCommunication } from '#web/lib/crm.ts';
import { useAddCommunication } from '#web/lib/customers.ts';
import { notify } from '#web/lib/toast.ts';

interface FormValues {
  type: CommunicationType;
  subject: string;
  content: string;
  communication_date: string;
}

function nowLocal(): string {
  return format(new Date(), "yyyy-MM-dd'T'HH:mm");
}

/**
 * Logs a communication; with `correcting`, logs a correction of that entry instead (the log is
 * append-only: the original stays, the correction names it).
 */
export function CommunicationForm({
  customerId,
  correcting,
  onDone,
}: {
  customerId: string;
  correcting?: { id: string; type: CommunicationType; subject: string; content: string };
  onDone?: () => void;
}) {
  const add = useAddCommunication(customerId);
  const correct = useCorrectCommunication(customerId);
  const pending = add.isPending || correct.isPending;
  const initial = (type: CommunicationType = 'email'): FormValues =>
    correcting
      ? // a correction is dated when it is made (the server's clock): it is a new entry, not a rewrite
        { type: correcting.type, subject: correcting.subject, content: correcting.content, communication_date: '' }
      : { type, subject: '', content: '', communication_date: nowLocal() };
  const form = useForm<FormValues, unknown, CommunicationValues>({
    resolver: zodResolver(communicationInputSchema) as never,
    defaultValues: initial(),
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors } = form;
  const field = (name: Path<FormValues>) => register(name, { onChange: () => clearErrors(name) });
  const onSubmit = form.handleSubmit(
    (values) => {
      const options = {
        onSuccess: () => {
          notify.success('Success', correcting ? COMMUNICATION_TEXT.corrected : COMMUNICATION_TEXT.logged);
          form.reset(initial(values.type));
          onDone?.();
        },
        onError: (err: unknown) => notify.error('Error', errorMessage(err)),
      };
      if (correcting) correct.mutate({ correctsId: correcting.id, values }, options);
      else add.mutate(values, options);
    },
    () => notify.error(CUSTOMER_TEXT.validationTitle, CUSTOMER_TEXT.correctFields),
  );
  const label = correcting ? 'Log a correction' : 'Log a communication';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3" aria-label={label}>
      <FormField label="Type" error={formState.errors.type?.message}>
        <Select {...field('type')}>
          {COMMUNICATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {COMMUNICATION_TYPE_LABEL[t]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Subject" error={formState.errors.subject?.message}>
        <Input {...field('subject')} />
      </FormField>
      {correcting ? null : (
        <FormField label="Date" error={formState.errors.communication_date?.message}>
          <Input type="datetime-local" {...field('communication_date')} />
        </FormField>
      )}
      <FormField label="Content" required className="sm:col-span-3" error={formState.errors.content?.message}>
        <Textarea rows={3} {...field('content')} />
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : correcting ? 'Log Correction' : 'Log Communication'}
        </Button>
      </div>
    </form>
  );
}
