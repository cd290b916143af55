import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_TEXT, registerSchema, safeRedirectPath, type RegisterInput } from '#shared/auth.ts';
import { PLAN_PRICES, TIER_LABEL, TRIAL_DAYS, tierFromSignupPlan } from '#shared/tiers.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NewAccountFields, notifyInvalidSignUp } from '#web/components/new-account-fields.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AuthCard, Notice } from '#web/components/auth-card.tsx';

type Field = keyof RegisterInput;

export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = tierFromSignupPlan(params.get('plan'));
  const invitedEmail = params.get('email') ?? '';
  const redirect = safeRedirectPath(params.get('redirect')) ?? undefined;
  const form = useForm<RegisterInput, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { company: '', full_name: '', email: invitedEmail, password: '', confirmPassword: '', termsAccepted: false, plan },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, clearErrors } = form;
  const errors = formState.errors;
  const clearOnType = (name: Field) => ({ onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await apiPost('/api/account/register', { ...values, plan, redirect });
        notify.success('Account created', AUTH_TEXT.registrationSuccess);
        navigate('/confirm-email', { state: { email: values.email, redirect } });
      } catch (err) {
        notify.error(AUTH_TEXT.registrationFailedTitle, errorMessage(err, AUTH_TEXT.somethingWentWrong));
      }
    },
    notifyInvalidSignUp,
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle={`Start managing your book of business in minutes.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {plan !== 'starter' ? (
        <Notice tone="info">
          You chose the <strong>{TIER_LABEL[plan]}</strong> plan ({PLAN_PRICES[plan]}/month): it starts with a {TRIAL_DAYS}-day free trial, no card
          required.
        </Notice>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Company" error={errors.company?.message}>
          <Input autoComplete="organization" {...register('company', clearOnType('company'))} />
        </FormField>
        <FormField label="Full name" error={errors.full_name?.message}>
          <Input autoComplete="name" {...register('full_name', clearOnType('full_name'))} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email', clearOnType('email'))} />
        </FormField>
        <NewAccountFields form={form} />
      </form>
    </AuthCard>
  );
}
