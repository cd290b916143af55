import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AuthCard } from '#web/components/auth-card.tsx';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiPost('/api/account/forgot-password', values);
      setSentTo(values.email);
    } catch (err) {
      notify.error('Error', errorMessage(err));
    }
  });

  if (sentTo)
    return (
      <AuthCard title="Check your email">
        <div className="space-y-4 text-center">
          <MailCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
          <p className="text-slate-700">
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset its password. The link works once and expires in one hour.
          </p>
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: '' });
            }}
          >
            Try different email
          </Button>
          <Button asChild className="w-full">
            <Link to="/login">Back to login</Link>
          </Button>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to reset it."
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email', { onChange: () => form.clearErrors('email') })} />
        </FormField>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
