// /dashboard/api-settings: the agency's API keys (Business reads, Enterprise reads and writes; the
// owner or an agency admin manages them, a team member is told so up front and reads the reference).
import { useState } from 'react';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Copy, Plus, TriangleAlert } from 'lucide-react';
import { canManageFeature, featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import {
  apiAccessFor,
  API_ACCESS_LABEL,
  API_RESOURCE_LABEL,
  API_RESOURCES,
  API_TEXT,
  apiKeyInputSchema,
  type ApiKeyInput,
  type ApiKeysAnswer,
  type ApiPlanView,
  type CreatedApiKey,
} from '#shared/api-keys.ts';
import { ApiSettingsTabs } from '#web/components/api-settings-tabs.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { useApiKeys, useCreateApiKey } from './api.ts';
import { KeyList, when } from './api-key-list.tsx';

const FIELDS = ['name', 'scopes'] as const;

export function ApiKeysPage() {
  const { data: session } = useSession();
  // the feature map's `manage`: a team member never gets the form or the list the server refuses them
  const canManage = canManageFeature(accessSubjectOf(session), 'api');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={API_TEXT.title} description="Connect raters, websites and automation tools to your agency's book." />
      <ApiSettingsTabs />
      {canManage ? (
        <KeysManager />
      ) : (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-3 py-6 text-sm text-slate-600" data-testid="managers-only">
            <span className="flex-1">{API_TEXT.managersOnly}</span>
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard/api-settings/reference">Open the API reference</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function KeysManager() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="grid gap-6">
      {keys.data?.revoked.length ? <RevokedNotice revoked={keys.data.revoked} /> : null}
      {keys.data ? <PlanLimits plan={keys.data.plan} /> : null}
      {keys.data ? <CreateKeyForm plan={keys.data.plan} onCreated={setCreated} /> : null}
      <KeyList keys={keys} />
      <ShowOnceDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

/** What the plan lets keys do; below write access, the way up. */
function PlanLimits({ plan }: { plan: ApiPlanView }) {
  const upTo = featureNeed('api-write').tier;
  return (
    <Card data-testid="api-plan">
      <CardContent className="flex flex-wrap items-center gap-3 py-4 text-sm text-slate-700">
        <span className="flex-1">{plan.write ? API_TEXT.fullPlan(plan.rate_limit) : API_TEXT.readOnlyPlan(TIER_LABEL[plan.tier], plan.rate_limit)}</span>
        {plan.write ? null : (
          <Button size="sm" asChild>
            <Link to={`/dashboard/subscription/upgrade?tier=${upTo}`}>Upgrade to {TIER_LABEL[upTo]}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Keys that stopped working with their creator's membership or admin role: the owner is told which and why. */
function RevokedNotice({ revoked }: { revoked: ApiKeysAnswer['revoked'] }) {
  return (
    <section role="status" aria-labelledby="revoked-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="revoked-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="h-4 w-4" aria-hidden />
        {API_TEXT.revokedTitle}
      </h2>
      <p className="mt-1">{API_TEXT.revokedIntro}</p>
      <ul className="mt-2 grid gap-1">
        {revoked.map((k) => (
          <li key={k.id}>
            <span className="font-medium">{k.name}</span> <span className="font-mono text-xs">({k.prefix}…)</span>, revoked {when(k.revoked_at)}: {k.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CreateKeyForm({ plan, onCreated }: { plan: ApiPlanView; onCreated: (key: CreatedApiKey) => void }) {
  // a read-only plan is offered only the access the server grants it
  const choices = apiAccessFor(plan.tier);
  const create = useCreateApiKey();
  const form = useForm<ApiKeyInput, unknown, z.output<typeof apiKeyInputSchema>>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { name: '', scopes: { customers: 'read', policies: 'read', communications: 'none' } },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, setError, reset, clearErrors } = form;
  const showServerErrors = useServerFieldErrors(setError, FIELDS);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const key = await create.mutateAsync({ name: values.name, scopes: { customers: 'none', policies: 'none', communications: 'none', ...values.scopes } });
      onCreated(key);
      reset();
    } catch (err) {
      showServerErrors(err);
      notify.error('Error', err instanceof ApiError ? err.message : 'Something went wrong');
    }
  });
  const scopeError = (formState.errors.scopes as { message?: string } | undefined)?.message ?? formState.errors.scopes?.root?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create an API key</CardTitle>
        <CardDescription>A key acts for this agency. Give it only the access the other application needs.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Key name" error={formState.errors.name?.message} required>
            <Input placeholder="e.g. Website quote form" autoComplete="off" {...register('name', { onChange: () => clearErrors('name') })} />
          </FormField>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium text-slate-900">Access</legend>
            {API_RESOURCES.map((resource) => (
              <FormField key={resource} label={API_RESOURCE_LABEL[resource]}>
                <Select {...register(`scopes.${resource}`, { onChange: () => clearErrors('scopes') })}>
                  {choices.map((a) => (
                    <option key={a} value={a}>
                      {API_ACCESS_LABEL[a]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ))}
          </fieldset>
          {scopeError ? (
            <p role="alert" className="text-sm text-red-600">
              {scopeError}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              <Plus className="h-4 w-4" aria-hidden />
              {formState.isSubmitting ? 'Creating...' : 'Create key'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ShowOnceDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      notify.success(API_TEXT.copied);
    } catch {
      notify.error('Error', 'Select the key and copy it by hand.');
    }
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {created ? (
        <DialogContent title={API_TEXT.created} description={API_TEXT.createdOnce}>
          <div className="grid gap-3">
            <FormField label={`Key "${created.name}"`}>
              <Input readOnly value={created.key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={copy}>
                <Copy className="h-4 w-4" aria-hidden />
                Copy
              </Button>
              <Button onClick={onClose}>Done</Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
