// Add or edit a webhook endpoint: URL, description, the events (checkboxes) and the enabled switch.
// The shared schema validates here and on the server; the server adds the address check on `url`.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { WEBHOOK_EVENT_LABEL, WEBHOOK_EVENTS, WEBHOOK_TEXT, webhookEndpointSchema, type WebhookEndpoint, type WebhookEndpointInput } from '#shared/webhooks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { notify } from '#web/lib/toast.ts';
import { useSaveEndpoint } from './queries.ts';

const FIELDS = ['url', 'description', 'events', 'enabled'] as const;

const blank: WebhookEndpointInput = { url: '', description: '', events: [], enabled: true };

export function EndpointDialog({ open, onOpenChange, endpoint }: { open: boolean; onOpenChange: (open: boolean) => void; endpoint: WebhookEndpoint | null }) {
  const save = useSaveEndpoint();
  const form = useForm<WebhookEndpointInput, unknown, z.output<typeof webhookEndpointSchema>>({
    resolver: zodResolver(webhookEndpointSchema),
    defaultValues: blank,
    reValidateMode: 'onSubmit',
  });
  const { register, control, formState, setError, reset } = form;
  const showServerErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => {
    if (open) reset(endpoint ? { url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events, enabled: endpoint.enabled } : blank);
  }, [open, endpoint, reset]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: endpoint?.id, input: values },
      {
        onSuccess: () => {
          notify.success(endpoint ? WEBHOOK_TEXT.saved : WEBHOOK_TEXT.created);
          onOpenChange(false);
        },
        onError: (err) => {
          if (!showServerErrors(err)) notify.error(errorMessage(err));
        },
      },
    ),
  );

  const errors = formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={endpoint ? WEBHOOK_TEXT.edit : WEBHOOK_TEXT.add} description="PolicyDesk sends a signed POST request to this URL for each chosen event.">
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Endpoint URL" required error={errors.url?.message}>
            <Input type="url" inputMode="url" placeholder="https://example.com/webhooks/policydesk" autoComplete="off" {...register('url')} />
          </FormField>
          <FormField label="Description" hint="Optional: what receives these events." error={errors.description?.message}>
            <Input placeholder="Zapier, our website…" {...register('description')} />
          </FormField>
          <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              Events<span className="ml-0.5 text-red-600" aria-hidden>*</span>
            </legend>
            <Controller
              control={control}
              name="events"
              render={({ field }) => {
                const chosen = (field.value ?? []) as string[];
                return (
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    {WEBHOOK_EVENTS.map((event) => (
                      <label key={event} className="flex items-start gap-2 text-sm text-slate-700">
                        <Checkbox
                          className="mt-0.5"
                          checked={chosen.includes(event)}
                          aria-invalid={errors.events ? true : undefined}
                          onCheckedChange={(on) => field.onChange(on ? [...chosen, event] : chosen.filter((e) => e !== event))}
                        />
                        <span>
                          <span className="font-mono text-xs text-slate-900">{event}</span>
                          <span className="block text-xs text-slate-500">{WEBHOOK_EVENT_LABEL[event]}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                );
              }}
            />
            {errors.events ? (
              <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-red-600">
                {errors.events.message}
              </p>
            ) : null}
          </fieldset>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <label className="flex items-center gap-3 text-sm text-slate-700">
                <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
                Enabled
              </label>
            )}
          />
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : endpoint ? 'Save endpoint' : 'Add endpoint'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
