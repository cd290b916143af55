// Create and edit an opportunity in a dialog: for a prospect or an existing customer (the cross-sell
// shortcut opens it with the customer and the missing line filled in). One schema with the server.
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  OPEN_STAGES,
  OPPORTUNITY_STAGE_LABEL,
  OPPORTUNITY_TEXT,
  opportunityInputSchema,
  type Opportunity,
  type OpportunityInput,
  type OpportunityValues,
} from '#shared/pipeline.ts';
import { POLICY_TYPES, POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { AssigneeOptions, useAssignees } from '#web/components/assignees.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCustomer, useCustomers } from '#web/lib/customers.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useSaveOpportunity } from './queries.ts';

type FormValues = { [K in keyof OpportunityInput]-?: string };

const CHOOSE_CUSTOMER = 'Please choose a customer from the list.';

export interface OpportunityPrefill {
  customer_id?: string;
  line?: PolicyType;
}

function toForm(o?: Opportunity, prefill: OpportunityPrefill = {}): FormValues {
  return {
    customer_id: o?.customer_id ?? prefill.customer_id ?? '',
    prospect_name: o?.prospect_name ?? '',
    prospect_email: o?.prospect_email ?? '',
    prospect_phone: o?.prospect_phone ?? '',
    source: o?.source ?? '',
    line: o?.line ?? prefill.line ?? 'car',
    estimated_premium: o ? o.estimated_premium : '',
    expected_close_date: o?.expected_close_date ?? '',
    assignee_id: o?.assignee_id ?? '',
    stage: o && (OPEN_STAGES as readonly string[]).includes(o.stage) ? o.stage : 'new_lead',
  };
}

function CustomerChooser({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 250);
  const chosen = useCustomer(value || undefined);
  const list = useCustomers({ page: 1, pageSize: 10, search: debounced, type: 'all' });
  const options = list.data?.rows ?? [];
  return (
    <div className="space-y-2 sm:col-span-2">
      <FormField label="Find a customer">
        <Input type="search" value={search} placeholder="Search by name or email" onChange={(e) => setSearch(e.target.value)} />
      </FormField>
      <FormField label="Customer" required error={error}>
        <Select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a customer</option>
          {chosen.data && !options.some((c) => c.id === chosen.data!.id) ? <option value={chosen.data.id}>{chosen.data.name}</option> : null}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.email})
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}

export function OpportunityDialog({
  open,
  onClose,
  opportunity,
  prefill,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  opportunity?: Opportunity;
  prefill?: OpportunityPrefill;
  onSaved?: (saved: Opportunity) => void;
}) {
  const save = useSaveOpportunity(opportunity?.id);
  const members = useAssignees();
  const form = useForm<FormValues, unknown, OpportunityValues>({
    resolver: zodResolver(opportunityInputSchema) as never,
    defaultValues: toForm(opportunity, prefill),
    reValidateMode: 'onSubmit',
  });
  const [forCustomer, setForCustomer] = useState(Boolean(opportunity?.customer_id ?? prefill?.customer_id));
  const { register, formState, clearErrors, setError, reset, setValue, watch } = form;
  const errors = formState.errors;
  const showServerErrors = useServerFieldErrors(setError);
  const field = (name: Path<FormValues>) => register(name, { onChange: () => clearErrors(name) });
  const converted = Boolean(opportunity?.converted_at);

  useEffect(() => {
    if (!open) return;
    reset(toForm(opportunity, prefill));
    setForCustomer(Boolean(opportunity?.customer_id ?? prefill?.customer_id));
  }, [open, opportunity, prefill, reset]);

  const onSubmit = form.handleSubmit(
    (values) =>
      forCustomer && !values.customer_id
        ? (setError('customer_id', { message: CHOOSE_CUSTOMER }), notify.error('Validation Error', 'Please correct the highlighted fields.'))
        : save.mutate(forCustomer ? values : { ...values, customer_id: null }, {
        onSuccess: (saved) => {
          notify.success('Success', opportunity ? OPPORTUNITY_TEXT.updated : OPPORTUNITY_TEXT.created);
          onClose();
          onSaved?.(saved);
        },
        onError: (err) => {
          showServerErrors(err);
          notify.error('Error', err instanceof ApiError && err.fields ? 'Please correct the highlighted fields.' : errorMessage(err));
        },
      }),
    () => notify.error('Validation Error', 'Please correct the highlighted fields.'),
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={opportunity ? 'Edit opportunity' : 'New opportunity'} description="A prospect or one of your customers, on one line." className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {converted ? null : (
            <fieldset className="sm:col-span-2">
              <legend className="mb-1.5 text-sm font-medium text-slate-800">For</legend>
              <div className="flex gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name="for" checked={!forCustomer} onChange={() => (setForCustomer(false), setValue('customer_id', ''))} /> A prospect
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="for" checked={forCustomer} onChange={() => setForCustomer(true)} /> An existing customer
                </label>
              </div>
            </fieldset>
          )}
          {forCustomer ? (
            converted ? null : (
              <CustomerChooser value={watch('customer_id')} onChange={(id) => (setValue('customer_id', id), clearErrors('customer_id'))} error={errors.customer_id?.message} />
            )
          ) : (
            <>
              <FormField label="Prospect name" required error={errors.prospect_name?.message}>
                <Input autoComplete="off" {...field('prospect_name')} />
              </FormField>
              <FormField label="Prospect e-mail" error={errors.prospect_email?.message} hint="Needed to convert the prospect when won.">
                <Input type="email" autoComplete="off" {...field('prospect_email')} />
              </FormField>
              <FormField label="Prospect phone" error={errors.prospect_phone?.message}>
                <Input type="tel" autoComplete="off" {...field('prospect_phone')} />
              </FormField>
            </>
          )}
          <FormField label="Source" error={errors.source?.message}>
            <Input placeholder="Referral, website, walk-in…" {...field('source')} />
          </FormField>
          <FormField label="Line" required error={errors.line?.message}>
            <Select {...field('line')}>
              {POLICY_TYPES.map((l) => (
                <option key={l} value={l}>
                  {POLICY_TYPE_LABEL[l]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Estimated premium" error={errors.estimated_premium?.message}>
            <Input inputMode="decimal" placeholder="0.00" {...field('estimated_premium')} />
          </FormField>
          <FormField label="Expected close date" error={errors.expected_close_date?.message}>
            <Input type="date" {...field('expected_close_date')} />
          </FormField>
          <FormField label="Assignee" error={errors.assignee_id?.message}>
            <Select {...field('assignee_id')}>
              {opportunity ? null : <option value="">Me</option>}
              <AssigneeOptions members={members.data} />
            </Select>
          </FormField>
          {opportunity && !(OPEN_STAGES as readonly string[]).includes(opportunity.stage) ? null : (
            <FormField label="Stage" error={errors.stage?.message}>
              <Select {...field('stage')}>
                {OPEN_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {OPPORTUNITY_STAGE_LABEL[s]}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {opportunity ? 'Save changes' : OPPORTUNITY_TEXT.createOpportunity}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
