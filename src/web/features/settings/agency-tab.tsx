// Settings › Agency: name, address, phone, e-mail and time zone. Owner or agency admin edit; others read.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { agencySettingsSchema, listTimeZones, USER_SETTINGS_TEXT, type AgencySettings, type AgencySettingsInput, type AgencySettingsValues } from '#shared/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useAgencySettings, useSaveAgencySettings } from './queries.ts';

const formValues = (a: AgencySettings): AgencySettingsInput => ({
  name: a.name,
  address: a.address ?? '',
  phone: a.phone ?? '',
  email: a.email ?? '',
  timezone: a.timezone,
  remarket_threshold: a.remarket_threshold,
});

function AgencyForm({ agency }: { agency: AgencySettings }) {
  const save = useSaveAgencySettings();
  const zones = useMemo(() => {
    const all = listTimeZones();
    return all.includes(agency.timezone) ? all : [agency.timezone, ...all];
  }, [agency.timezone]);
  const form = useForm<AgencySettingsInput, unknown, AgencySettingsValues>({
    resolver: zodResolver(agencySettingsSchema),
    defaultValues: formValues(agency),
  });
  const { register, formState } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const readOnly = !agency.can_edit;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => {
        form.reset(formValues(data.agency));
        notify.success(USER_SETTINGS_TEXT.agencySaved);
      },
      onError: (err) => {
        showServerErrors(err);
        notify.error('Failed to save the agency settings', errorMessage(err));
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 p-5">
      {readOnly ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" role="note">
          {USER_SETTINGS_TEXT.agencyReadOnly}
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Agency details</legend>
        <FormField label="Agency name" required error={formState.errors.name?.message}>
          <Input autoComplete="organization" {...register('name')} />
        </FormField>
        <FormField label="E-mail" error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Phone" error={formState.errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="Time zone" hint="Dates, renewal reminders and the daily digest follow this time zone." error={formState.errors.timezone?.message}>
          <Select {...register('timezone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Address" className="sm:col-span-2" error={formState.errors.address?.message}>
          <Input autoComplete="street-address" {...register('address')} />
        </FormField>
        <FormField
          label="Remarket threshold (%)"
          hint="A renewal whose premium rises by at least this percentage is flagged Remarket, so you can shop it with other carriers."
          error={formState.errors.remarket_threshold?.message}
        >
          <Input type="number" inputMode="numeric" min={0} max={1000} step={1} {...register('remarket_threshold', { valueAsNumber: true })} />
        </FormField>
      </fieldset>
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save agency settings'}
        </Button>
      )}
    </form>
  );
}

export function AgencyTab() {
  const query = useAgencySettings();
  return (
    <Card>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading agency settings" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
          <p>Error loading the agency settings: {errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AgencyForm key={query.data.agency.id} agency={query.data.agency} />
      )}
    </Card>
  );
}
