import { useState, type FormEvent } from 'react';
import { AUTH_TEXT, changePasswordSchema } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { ApiError, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue.message === AUTH_TEXT.changeMismatch) notify.error(AUTH_TEXT.changeMismatchTitle, AUTH_TEXT.changeMismatch);
      else if (issue.message === AUTH_TEXT.changeTooShort) notify.error(AUTH_TEXT.changeTooShortTitle, AUTH_TEXT.changeTooShort);
      else setError(issue.message);
      return;
    }
    setPending(true);
    try {
      await apiPost('/api/account/change-password', { currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      notify.success('Password updated', 'Your password has been changed.');
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') setError(message);
      notify.error('Error', message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <FormField label="Current password" error={error ?? undefined}>
        <PasswordInput autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
      </FormField>
      <FormField label="New password" hint="At least 6 characters.">
        <PasswordInput autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />
      </FormField>
      <FormField label="Confirm new password">
        <PasswordInput autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
