import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { inviteSchema, TEAM_TEXT, type InviteInput } from '#shared/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { LONG_TOAST_MS, notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useInviteMember } from './api.ts';

const INVITE_FIELDS = ['email', 'role'] as const;

export function InviteForm() {
  const invite = useInviteMember();
  const form = useForm<InviteInput, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'team_member' },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, clearErrors, setError, reset } = form;
  const showServerErrors = useServerFieldErrors(setError, INVITE_FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      notify.success(TEAM_TEXT.invitationSentTitle, TEAM_TEXT.invitationSent(values.email), LONG_TOAST_MS);
      reset({ email: '', role: values.role });
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : TEAM_TEXT.unexpectedError;
      showServerErrors(err);
      notify.error(TEAM_TEXT.sendFailedTitle, message);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a team member</CardTitle>
        <CardDescription>They receive an e-mail with a link that is valid for 7 days and can be used once.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <FormField label="Email" error={formState.errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              placeholder="colleague@agency.com"
              {...register('email', { onChange: () => clearErrors('email') })}
            />
          </FormField>
          <FormField label="Role">
            <Select {...register('role')}>
              <option value="team_member">Team Member</option>
              <option value="admin">Admin</option>
            </Select>
          </FormField>
          <Button type="submit" className="sm:mt-[1.625rem]" disabled={formState.isSubmitting}>
            <Send className="h-4 w-4" aria-hidden />
            {formState.isSubmitting ? 'Sending...' : 'Send Invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
