// The contact form: the shared schema validates here and on the server; the message is stored and
// e-mailed to support, and the sender sees a confirmation.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import type { z } from 'zod';
import { CONTACT_REASON_LABEL, CONTACT_REASONS, CONTACT_TEXT, contactSchema, type ContactInput } from '#shared/contact.ts';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { typedBeforeHydration } from '#web/lib/typed-before-hydration.ts';

type ContactOutput = z.output<typeof contactSchema>;

const EMPTY: ContactInput = {
  name: '',
  email: '',
  company: '',
  contactReason: '' as ContactInput['contactReason'],
  subject: '',
  message: '',
  website: '',
};

const CONTACT_FORM_ID = 'contact-form';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (values: ContactInput) => apiPost<{ ok: true }>('/api/contact', values) });
}

export function ContactForm() {
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A pre-rendered form: registering a field sets it to its default, so what was typed before
  // hydration becomes the default (typed-before-hydration.ts).
  const [initial] = useState(() => ({ ...EMPTY, ...(typedBeforeHydration(CONTACT_FORM_ID) as Partial<ContactInput>) }));
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const send = useSendContactMessage();
  const { register, formState, clearErrors, setError } = form;
  const showServerErrors = useServerFieldErrors(setError);
  const field = (name: keyof ContactInput) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = form.handleSubmit(
    // The schema's output turns an empty company into null; the server is sent what the form holds.
    (values) =>
      send.mutate(form.getValues(), {
        onSuccess: () => {
          setSentTo(values.email);
          form.reset(EMPTY);
          notify.success(CONTACT_TEXT.sentTitle, CONTACT_TEXT.sent);
        },
        onError: (err) => {
          showServerErrors(err);
          notify.error(CONTACT_TEXT.failedTitle, errorMessage(err));
        },
      }),
    () => notify.error('Validation Error', AUTH_TEXT.correctFields),
  );

  if (sentTo)
    return (
      <div role="status" className="flex flex-col items-center rounded-xl bg-green-50 p-8 text-center ring-1 ring-green-200">
        <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">{CONTACT_TEXT.sentTitle}</h3>
        <p className="mt-2 text-slate-700">{CONTACT_TEXT.sent}</p>
        <p className="mt-1 text-sm text-slate-600">We will reply to {sentTo}.</p>
        <Button variant="outline" className="mt-6" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    );

  return (
    // method post: a submit before hydration must never put the message in the URL
    <form id={CONTACT_FORM_ID} method="post" onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Full name" required error={formState.errors.name?.message}>
        <Input autoComplete="name" {...field('name')} />
      </FormField>
      <FormField label="Email" required error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField label="Company" error={formState.errors.company?.message}>
        <Input autoComplete="organization" {...field('company')} />
      </FormField>
      <FormField label="Reason for contact" required error={formState.errors.contactReason?.message}>
        <Select {...field('contactReason')}>
          <option value="">Select a reason</option>
          {CONTACT_REASONS.map((r) => (
            <option key={r} value={r}>
              {CONTACT_REASON_LABEL[r]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Subject" required className="sm:col-span-2" error={formState.errors.subject?.message}>
        <Input {...field('subject')} />
      </FormField>
      <FormField label="Message" required className="sm:col-span-2" error={formState.errors.message?.message}>
        <Textarea rows={6} {...field('message')} />
      </FormField>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website (leave empty)</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={send.isPending || !hydrated} className="w-full sm:w-auto">
          <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
