import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import { canUseTwoFactor } from '#shared/features.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, meKey, type Session } from '#web/lib/session.ts';

type Step = { kind: 'idle' } | { kind: 'password'; disabling: boolean } | { kind: 'scan'; uri: string; backupCodes: string[] };

export function TwoFactorCard({ session }: { session: Session }) {
  const qc = useQueryClient();
  const enabled = session.profile.two_factor_enabled;
  const allowed = canUseTwoFactor(accessSubjectOf(session));
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (fn: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'password') return;
    void run(async () => {
      if (step.disabling) {
        await apiPost('/api/account/two-factor/disable', { password });
        await qc.invalidateQueries({ queryKey: meKey });
        notify.success('Two-factor authentication disabled');
        setStep({ kind: 'idle' });
      } else {
        const result = await apiPost<{ totpURI: string; backupCodes: string[] }>('/api/account/two-factor/enable', { password });
        setStep({ kind: 'scan', uri: result.totpURI, backupCodes: result.backupCodes });
      }
      setPassword('');
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await apiPost('/api/account/two-factor/confirm', { code: code.trim() });
      await qc.invalidateQueries({ queryKey: meKey });
      notify.success('Two-factor authentication enabled', 'You will be asked for a code when you sign in.');
      setCode('');
      setStep({ kind: 'idle' });
    });
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Two-Factor Authentication</CardTitle>
          <Badge tone={enabled ? 'green' : 'gray'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
        </div>
        <CardDescription>A code from an authenticator app is asked for at every sign-in.</CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <p className="text-sm text-slate-600">{AUTH_TEXT.twoFactorEnterpriseOnly}</p>
        ) : step.kind === 'idle' ? (
          <Button variant={enabled ? 'outline' : 'primary'} onClick={() => setStep({ kind: 'password', disabling: enabled })}>
            {enabled ? 'Disable 2FA' : 'Enable 2FA'}
          </Button>
        ) : step.kind === 'password' ? (
          <form onSubmit={submitPassword} noValidate className="max-w-md space-y-4">
            <FormField label="Confirm with your password" error={error ?? undefined}>
              <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" disabled={pending || !password}>
                {pending ? 'Checking...' : 'Continue'}
              </Button>
              <Button type="button" variant="outline" onClick={() => setStep({ kind: 'idle' })}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
            <div className="inline-block rounded-lg border border-slate-200 bg-white p-3">
              <QRCodeSVG value={step.uri} size={180} title="Authenticator QR code" />
            </div>
            <p className="break-all text-xs text-slate-500">
              Can&apos;t scan? Enter this key: <code data-testid="totp-secret">{new URL(step.uri).searchParams.get('secret')}</code>
            </p>
            <div className="rounded-md border border-amber-200 bg-amber-50 p-3">
              <p className="text-sm font-medium text-amber-900">Backup codes: keep them somewhere safe. They are shown only once.</p>
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
                {step.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <form onSubmit={submitCode} noValidate className="flex max-w-md flex-col gap-2 sm:flex-row sm:items-end">
              <FormField label="Authentication code" error={error ?? undefined} className="flex-1">
                <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
              </FormField>
              <Button type="submit" disabled={pending || !code.trim()}>
                {pending ? 'Verifying...' : 'Verify and enable'}
              </Button>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
