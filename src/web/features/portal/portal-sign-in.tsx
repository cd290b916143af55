// The client portal's sign-in: the e-mail, then the 6-digit code from the e-mail (no password).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PORTAL_TEXT, portalEmailSchema, portalVerifySchema } from '#shared/portal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, apiPost, errorMessage } from '#web/lib/api.ts';

function Panel({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">Client portal · powered by PolicyDesk</p>
    </main>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof portalEmailSchema>>({ resolver: zodResolver(portalEmailSchema), defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiPost('/api/portal/auth/code', values);
      onSent(values.email.trim().toLowerCase());
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <Panel title="Sign in to your client portal" subtitle="Enter the e-mail address your agent has for you. We will e-mail you a 6-digit code.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </FormField>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending...' : 'Send me a code'}
        </Button>
      </form>
    </Panel>
  );
}

function CodeStep({ email, onBack, onSignedIn }: { email: string; onBack: () => void; onSignedIn: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof portalVerifySchema>>({
    resolver: zodResolver(portalVerifySchema),
    defaultValues: { email, code: '', remember: false },
    reValidateMode: 'onSubmit',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiPost('/api/portal/auth/verify', values);
      onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && err.fields?.code) form.setError('code', { message: err.fields.code });
      else setServerError(errorMessage(err));
    }
  });
  return (
    <Panel title="Check your e-mail" subtitle={PORTAL_TEXT.codeSent}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          E-mail: <strong>{email}</strong>
        </p>
        <FormField label="6-digit code" error={form.formState.errors.code?.message}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} className="text-lg tracking-[0.4em]" {...form.register('code')} />
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...form.register('remember')} />
          Remember this device for 30 days
        </label>
        {serverError ? (
          <p role="alert" className="text-sm text-red-600">
            {serverError}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Checking...' : 'Sign in'}
        </Button>
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Use another e-mail or get a new code
        </Button>
      </form>
    </Panel>
  );
}

export function PortalSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState<string | null>(null);
  return email ? <CodeStep email={email} onBack={() => setEmail(null)} onSignedIn={onSignedIn} /> : <EmailStep onSent={setEmail} />;
}
