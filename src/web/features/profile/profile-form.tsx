import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AUTH_TEXT, profileUpdateSchema, type Profile, type ProfileUpdateInput } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiPatch, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { meKey } from '#web/lib/session.ts';

export function ProfileForm({ profile }: { profile: Profile }) {
  const qc = useQueryClient();
  const form = useForm<ProfileUpdateInput, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone ?? '', company: profile.company ?? '' },
    reValidateMode: 'onSubmit',
  });
  const save = useMutation({
    mutationFn: (values: ProfileUpdateInput) => apiPatch('/api/profile', values),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: meKey });
      notify.success('Profile updated', 'Your profile information has been saved.');
    },
    onError: (err) => {
      showServerErrors(err);
      notify.error('Error', `Failed to update user profile: ${errorMessage(err)}`);
    },
  });
  const { register, formState, clearErrors, setError } = form;
  const showServerErrors = useServerFieldErrors(setError);
  const onSubmit = form.handleSubmit(
    // The schema's output turns an empty Phone or Company into null; the server is sent what the form holds.
    () => save.mutate(form.getValues()),
    () => notify.error('Validation Error', AUTH_TEXT.correctFields),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name" required error={formState.errors.first_name?.message}>
        <Input autoComplete="given-name" {...register('first_name', { onChange: () => clearErrors('first_name') })} />
      </FormField>
      <FormField label="Last name" required error={formState.errors.last_name?.message}>
        <Input autoComplete="family-name" {...register('last_name', { onChange: () => clearErrors('last_name') })} />
      </FormField>
      <FormField label="Email" hint={AUTH_TEXT.emailCannotChange}>
        <Input type="email" value={profile.email} disabled readOnly />
      </FormField>
      <FormField label="Phone" error={formState.errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
      <FormField label="Company" className="sm:col-span-2" error={formState.errors.company?.message}>
        <Input autoComplete="organization" {...register('company')} />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
