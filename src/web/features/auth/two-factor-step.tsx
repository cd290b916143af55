import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { AuthCard } from '#web/components/auth-card.tsx';

/** Second step of sign-in for accounts with two-factor authentication. */
export function TwoFactorStep({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Please enter the code.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiPost('/api/account/two-factor/sign-in', { code: code.trim(), backup });
      await onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle={backup ? 'Enter one of your backup codes.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={backup ? 'Backup code' : 'Authentication code'} error={error ?? undefined}>
          <Input
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex justify-between text-sm">
          <button type="button" className="text-brand-700 hover:underline" onClick={() => setBackup((b) => !b)}>
            {backup ? 'Use authenticator code' : 'Use a backup code'}
          </button>
          <button type="button" className="text-slate-600 hover:underline" onClick={onCancel}>
            Back to sign in
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
