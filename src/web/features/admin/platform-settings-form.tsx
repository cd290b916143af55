// Platform settings at /admin/security: saved in the database, enforced by the server, audited.
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { platformSettingsSchema, SETTINGS_TEXT, type PlatformSettings, type PlatformSettingsInput } from '#shared/platform-settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { usePlatformSettings, useSavePlatformSettings } from './security-queries.ts';

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const save = useSavePlatformSettings();
  const form = useForm<PlatformSettingsInput, unknown, PlatformSettings>({
    resolver: zodResolver(platformSettingsSchema),
    defaultValues: settings,
  });
  const { register, formState } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => {
        form.reset(data.settings);
        notify.success(SETTINGS_TEXT.saved);
      },
      onError: (err) => {
        showServerErrors(err);
        notify.error(SETTINGS_TEXT.saveFailed, errorMessage(err));
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 p-5 sm:grid-cols-2">
      <FormField label="Minimum password length" hint="At least 8 (the sign-up minimum). Applies to new passwords: sign-up, reset and change." error={formState.errors.min_password_length?.message}>
        <Input type="number" inputMode="numeric" min={8} max={128} {...register('min_password_length')} />
      </FormField>
      <FormField label="Session lifetime (days)" hint="Counted from sign-in; older sessions are signed out." error={formState.errors.session_lifetime_days?.message}>
        <Input type="number" inputMode="numeric" min={1} max={365} {...register('session_lifetime_days')} />
      </FormField>
      <FormField label="Sign-ups per hour from one address" hint="Further sign-ups from that address are refused until the hour ends." error={formState.errors.sign_up_limit_per_hour?.message}>
        <Input type="number" inputMode="numeric" min={1} max={10000} {...register('sign_up_limit_per_hour')} />
      </FormField>
      <div className="space-y-1.5">
        <div className="flex items-start gap-3 pt-7">
          <input
            id="require-admin-2fa"
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700"
            aria-describedby="require-admin-2fa-hint"
            {...register('require_admin_two_factor')}
          />
          <label htmlFor="require-admin-2fa" className="text-sm font-medium text-slate-800">
            Require two-factor authentication for admins
          </label>
        </div>
        <p id="require-admin-2fa-hint" className="pl-7 text-xs text-slate-500">
          Admins and super admins without it are asked to set it up before using the admin area.
        </p>
        {formState.errors.require_admin_two_factor?.message ? (
          <p role="alert" className="pl-7 text-sm text-red-600">{formState.errors.require_admin_two_factor.message}</p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save settings'}</Button>
      </div>
    </form>
  );
}

export function PlatformSettingsPanel() {
  const query = usePlatformSettings();
  return (
    <Card>
      {query.isPending ? (
        <div className="flex justify-center py-12"><Spinner label="Loading settings" /></div>
      ) : query.isError ? (
        <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
          <p>Error loading settings: {errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>Try again</Button>
        </div>
      ) : (
        <SettingsForm settings={query.data.settings} />
      )}
    </Card>
  );
}
