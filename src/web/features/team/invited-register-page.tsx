import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_TEXT, invitedRegisterSchema, type InvitedRegisterInput } from '#shared/auth.ts';
import { AGENCY_ROLE_LABEL, type InvitationView } from '#shared/team.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NewAccountFields, notifyInvalidSignUp } from '#web/components/new-account-fields.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { BrandMark } from '#web/components/brand-mark.tsx';
import { apiPost, ApiError, errorMessage } from '#web/lib/api.ts';
import { useBrandColors } from '#web/lib/brand.ts';
import { notify } from '#web/lib/toast.ts';
import { useInvitation } from './api.ts';
import { InvitationChecking, InvitationInvalid, invitationAgencyName } from './accept-invitation-page.tsx';

type Field = keyof InvitedRegisterInput;

/**
 * /accept-invitation/:token/register — an account for the invited address, without a company: it
 * joins the inviting agency (the server checks the link and the address again).
 */
export function InvitedRegisterPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  if (invitation.isPending) return <InvitationChecking />;
  if (invitation.isError) return <InvitationInvalid error={invitation.error} />;
  return <InvitedRegisterForm token={token} invitation={invitation.data.invitation} />;
}

function InvitedRegisterForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const navigate = useNavigate();
  const agency = invitationAgencyName(invitation);
  useBrandColors(invitation.brand?.color);
  const form = useForm<InvitedRegisterInput, unknown, z.output<typeof invitedRegisterSchema>>({
    resolver: zodResolver(invitedRegisterSchema),
    defaultValues: { invitation: token, full_name: '', email: invitation.email, password: '', confirmPassword: '', termsAccepted: false },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, clearErrors, setError } = form;
  const errors = formState.errors;
  const clearOnType = (name: Field) => ({ onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await apiPost('/api/account/register', values);
        notify.success('Account created', AUTH_TEXT.registrationSuccess);
        navigate('/confirm-email', { state: { email: values.email } });
      } catch (err) {
        const fields = err instanceof ApiError ? err.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) setError(name as Field, { message });
        notify.error(AUTH_TEXT.registrationFailedTitle, errorMessage(err, AUTH_TEXT.somethingWentWrong));
      }
    },
    notifyInvalidSignUp,
  );

  return (
    <AuthCard
      title={`Join ${agency}`}
      subtitle={`Create your account to work in ${agency} as ${AGENCY_ROLE_LABEL[invitation.role] ?? invitation.role}.`}
      mark={invitation.brand ? <BrandMark brand={invitation.brand} className="justify-center" /> : undefined}
      footer={
        <>
          Already have an account?{' '}
          <Link to={`/login?redirect=${encodeURIComponent(`/accept-invitation/${token}`)}`} className="font-medium text-brand-700 hover:underline">
            Sign in to accept
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Full name" error={errors.full_name?.message}>
          <Input autoComplete="name" {...register('full_name', clearOnType('full_name'))} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} hint="The address the invitation was sent to.">
          <Input type="email" autoComplete="email" readOnly {...register('email')} />
        </FormField>
        <NewAccountFields form={form} />
      </form>
    </AuthCard>
  );
}
