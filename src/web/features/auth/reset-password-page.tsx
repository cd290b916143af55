import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_TEXT, RESET_PASSWORD_MIN } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { ApiError, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AuthCard } from '#web/components/auth-card.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [invalid, setInvalid] = useState(!token || params.has('error'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const mismatch = confirm.length > 0 && password !== confirm;
  const canSubmit = password.length >= RESET_PASSWORD_MIN && password === confirm && !pending;

  if (invalid)
    return (
      <AuthCard title="Link expired or invalid">
        <div className="space-y-4 text-center">
          <p className="text-slate-700">This password reset link is invalid, has expired or was already used. Reset links work once, for one hour.</p>
          <Button asChild className="w-full">
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">Back to login</Link>
          </Button>
        </div>
      </AuthCard>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setPending(true);
    try {
      await apiPost('/api/account/reset-password', { token, newPassword: password });
      notify.success('Password updated', 'Sign in with your new password.');
      navigate('/login?reset=1', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setInvalid(true);
      else notify.error('Error', errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title="Set a new password" subtitle="Choose a password of at least 6 characters.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          label="New password"
          hint={password.length > 0 && password.length < RESET_PASSWORD_MIN ? AUTH_TEXT.resetTooShort : undefined}
        >
          <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <FormField label="Confirm new password" error={mismatch ? AUTH_TEXT.resetMismatch : undefined}>
          <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </FormField>
        <Button type="submit" className="w-full" disabled={!canSubmit}>
          {pending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
