// The customer's communication log (business plan and above) or the upsell below it.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { Lock } from 'lucide-react';
import {
  COMMUNICATION_TEXT,
  COMMUNICATION_TYPE_LABEL,
  COMMUNICATION_TYPES,
  communicationInputSchema,
  type CommunicationType,
  type CommunicationValues,
} from '#shared/communications.ts';
import { CUSTOMER_TEXT, type Communication } from '#shared/customers.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useFeature } from '#web/lib/session.ts';
import { useAddCommunication } from '#web/lib/customers.ts';

interface FormValues {
  type: CommunicationType;
  subject: string;
  content: string;
  communication_date: string;
}

function nowLocal(): string {
  return format(new Date(), "yyyy-MM-dd'T'HH:mm");
}

function CommunicationForm({ customerId }: { customerId: string }) {
  const add = useAddCommunication(customerId);
  const form = useForm<FormValues, unknown, CommunicationValues>({
    resolver: zodResolver(communicationInputSchema) as never,
    defaultValues: { type: 'email', subject: '', content: '', communication_date: nowLocal() },
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors } = form;
  const field = (name: Path<FormValues>) => register(name, { onChange: () => clearErrors(name) });
  const onSubmit = form.handleSubmit(
    (values) =>
      add.mutate(values, {
        onSuccess: () => {
          notify.success('Success', COMMUNICATION_TEXT.logged);
          form.reset({ type: values.type, subject: '', content: '', communication_date: nowLocal() });
        },
        onError: (err) => notify.error('Error', errorMessage(err)),
      }),
    () => notify.error(CUSTOMER_TEXT.validationTitle, CUSTOMER_TEXT.correctFields),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3" aria-label="Log a communication">
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
      <FormField label="Date" error={formState.errors.communication_date?.message}>
        <Input type="datetime-local" {...field('communication_date')} />
      </FormField>
      <FormField label="Content" required className="sm:col-span-3" error={formState.errors.content?.message}>
        <Textarea rows={3} {...field('content')} />
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Log Communication'}
        </Button>
      </div>
    </form>
  );
}

export function CommunicationLog({ customerId, entries }: { customerId: string; entries: Communication[] }) {
  const { allowed } = useFeature('communications');
  const { hash } = useLocation();
  // "Log a contact" in the renewal cockpit links here (#communications)
  useEffect(() => {
    if (hash === '#communications') document.getElementById('communications')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card id="communications">
      <CardHeader>
        <CardTitle>Communication History</CardTitle>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Lock className="h-8 w-8 text-slate-400" aria-hidden />
            <p className="font-medium text-slate-900">{COMMUNICATION_TEXT.upsellTitle}</p>
            <p className="text-sm text-slate-600">{COMMUNICATION_TEXT.upsellText}</p>
            <Button asChild className="mt-2">
              <Link to="/pricing">Upgrade Plan</Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-4">
            <CommunicationForm customerId={customerId} />
            {entries.length === 0 ? (
              <p className="text-sm text-slate-500">{COMMUNICATION_TEXT.empty}</p>
            ) : (
              <ol className="space-y-3" aria-label="Communications">
                {entries.map((c) => (
                  <li key={c.id} className="rounded-md border border-slate-200 p-3" data-testid="communication">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Badge tone="blue">{COMMUNICATION_TYPE_LABEL[c.type as CommunicationType] ?? c.type}</Badge>
                      <span className="font-medium text-slate-900">{c.subject || 'No subject'}</span>
                      <span className="ml-auto text-xs text-slate-500">
                        {format(new Date(c.communication_date), 'MMM dd, yyyy h:mm a')}
                        {c.created_by_name ? ` · ${c.created_by_name}` : ''}
                      </span>
                    </div>
                    <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{c.content}</p>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
