import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import { checkLogin, safeRedirectPath, type LoginErrors, type LoginValues } from '#shared/login-check.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { ApiError, apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { typedBeforeHydration } from '#web/lib/typed-before-hydration.ts';
import { AuthCard, Notice } from '#web/components/auth-card.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(value: string | null | undefined): string {
  return safeRedirectPath(value) ?? '/dashboard';
}

const VERIFY_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'This confirmation link has expired. Enter your e-mail below to get a new one.',
  INVALID_TOKEN: 'This confirmation link is not valid. Enter your e-mail below to get a new one.',
};

const LOGIN_FORM_ID = 'login-form';

type SocialProvider = 'google' | 'microsoft';
const SOCIAL_LABEL: Record<SocialProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * A button per social provider the server has credentials for (GET /api/config), none otherwise
 * (issue 30: unconfigured buttons only answered "not set up"). The pre-rendered page has none, and
 * they appear once the configuration has loaded, so a button never shows and then vanishes.
 */
function SocialButtons({ onPick }: { onPick: (provider: SocialProvider) => void }) {
  const [configured, setConfigured] = useState<SocialProvider[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    apiGet<{ socialProviders: Record<SocialProvider, boolean> }>('/api/config', abort.signal)
      .then((config) => setConfigured((Object.keys(SOCIAL_LABEL) as SocialProvider[]).filter((p) => config.socialProviders[p])))
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  if (configured.length === 0) return null;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> Or continue with <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className={configured.length > 1 ? 'grid grid-cols-2 gap-3' : 'grid gap-3'}>
        {configured.map((p) => (
          <Button key={p} variant="outline" onClick={() => onPick(p)}>
            {SOCIAL_LABEL[p]}
          </Button>
        ))}
      </div>
    </>
  );
}

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect') ?? (location.state as { from?: string } | null)?.from);
  const [serverError, setServerError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const verifyError = params.get('error') ? (VERIFY_ERRORS[params.get('error')!] ?? VERIFY_ERRORS.INVALID_TOKEN) : null;

  // The three checks of loginSchema, by hand (login-check.ts): zod and react-hook-form stay out of
  // the first load (issue 17). Errors show after a submit; typing in a field clears its own.
  // A pre-rendered form: what was typed before hydration is its starting value, not ''.
  const [values, setValues] = useState<Required<LoginValues>>(() => {
    const typed = typedBeforeHydration(LOGIN_FORM_ID);
    return { email: String(typed.email ?? ''), password: String(typed.password ?? ''), rememberMe: typed.rememberMe === true };
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((errs) => ({ ...errs, [name]: undefined }));
      setServerError(null);
    },
  });

  const finish = async () => {
    // TanStack Query is not in this page's first load (issue 17): the signed-in app it leads to needs it next
    const { queryClient, meKey } = await import('#web/lib/query.tsx');
    await queryClient.invalidateQueries({ queryKey: meKey });
    notify.success('Welcome back!', 'You are signed in.');
    navigate(target, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const found = checkLogin(values);
    setErrors(found);
    if (found.email || found.password) {
      notify.error(AUTH_TEXT.loginErrorTitle, AUTH_TEXT.correctFields);
      return;
    }
    setServerError(null);
    setUnconfirmed(false);
    setSubmitting(true);
    try {
      const result = await apiPost<{ twoFactorRedirect: boolean }>('/api/account/sign-in', values);
      if (result.twoFactorRedirect) setTwoFactor(true);
      else await finish();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
        setUnconfirmed(true);
        setServerError(AUTH_TEXT.emailNotConfirmedInline);
        notify.error(AUTH_TEXT.confirmationRequiredTitle, AUTH_TEXT.confirmationRequired);
        return;
      }
      const message = errorMessage(err, AUTH_TEXT.invalidCredentials);
      setServerError(message);
      notify.error(AUTH_TEXT.loginFailedTitle, message);
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    const email = values.email;
    try {
      await apiPost('/api/account/resend-verification', { email, redirect: safeRedirectPath(params.get('redirect')) ?? undefined });
      notify.success('Confirmation e-mail sent', `If ${email} has an unconfirmed account, a new link is on its way.`);
    } catch (err) {
      notify.error('Error', errorMessage(err));
    }
  };

  const social = async (provider: SocialProvider) => {
    try {
      const result = await apiPost<{ url?: string }>('/api/auth/sign-in/social', { provider, callbackURL: target });
      if (result.url) window.location.href = result.url;
    } catch (err) {
      notify.error('Sign in Failed', errorMessage(err, AUTH_TEXT.somethingWentWrong));
    }
  };

  if (twoFactor) return <TwoFactorStep onDone={finish} onCancel={() => setTwoFactor(false)} />;

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back. Enter your details to continue."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {params.get('verified') && !verifyError ? <Notice tone="success">Your e-mail is confirmed. You can sign in now.</Notice> : null}
      {params.get('reset') ? <Notice tone="success">Your password has been changed. Sign in with the new one.</Notice> : null}
      {verifyError ? <Notice tone="error">{verifyError}</Notice> : null}
      {/* post, not the default get: a submit before hydration must never put the fields in the URL */}
      <form id={LOGIN_FORM_ID} method="post" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email}>
          <Input type="email" name="email" autoComplete="email" placeholder="you@agency.com" {...field('email')} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" {...field('password')} />
        </FormField>
        <div className="flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {/* a native checkbox: the Radix one would add its runtime to the first load (issue 17) */}
            <input
              type="checkbox"
              name="rememberMe"
              className="h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
              checked={values.rememberMe}
              onChange={(e) => setValues((old) => ({ ...old, rememberMe: e.target.checked }))}
            />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {serverError}
          </p>
        ) : null}
        {unconfirmed || verifyError ? (
          <Button type="button" variant="outline" className="w-full" onClick={resend}>
            Resend confirmation e-mail
          </Button>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting || !hydrated}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <SocialButtons onPick={(provider) => void social(provider)} />
    </AuthCard>
  );
}
