import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AuthCard } from '#web/components/auth-card.tsx';

export function ConfirmEmailPage() {
  const state = useLocation().state as { email?: string; redirect?: string } | null;
  const email = state?.email;
  const [sending, setSending] = useState(false);
  const resend = async () => {
    if (!email) return;
    setSending(true);
    try {
      await apiPost('/api/account/resend-verification', { email, redirect: state?.redirect });
      notify.success('Confirmation e-mail sent', 'Check your inbox for a new link.');
    } catch (err) {
      notify.error('Error', errorMessage(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <AuthCard title="Check your email">
      <div className="space-y-4 text-center">
        <MailCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
        <p className="text-slate-700">
          We sent a confirmation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Click it to activate your account, then
          sign in.
        </p>
        <p className="text-sm text-slate-500">The link expires in 24 hours. Check your spam folder if it does not arrive.</p>
        {email ? (
          <Button variant="outline" className="w-full" onClick={resend} disabled={sending}>
            {sending ? 'Sending...' : 'Resend confirmation e-mail'}
          </Button>
        ) : null}
        <Button asChild className="w-full">
          <Link to="/login">Back to login</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
