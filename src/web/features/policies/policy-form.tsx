// The policy form (agency.md §4, §5): defaults, the term (12 months by default: a read-only end date;
// 6 months; or a custom end date, decision 053), the line's details (src/shared/lines), customer picker.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import type { z } from 'zod';
import { todayIso } from '#shared/money.ts';
import { POLICY_TERM_LABEL, POLICY_TERMS, TERM_TEXT, termEndDate, type PolicyTerm } from '#shared/terms.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { LINES, lineOf, type DetailsKey } from '#shared/lines/index.ts';
import {
  POLICY_STATUS_LABEL,
  CHOSEN_STATUSES,
  POLICY_TEXT,
  policyInputSchema,
  type PolicyDetail,
  type PolicyFormValues,
  type PolicyValues,
} from '#shared/policies.ts';
import { STATUS_HINT } from '#shared/policy-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { CustomerPicker } from './customer-picker.tsx';
import { useSavePolicy } from './queries.ts';
import { AssigneeOptions, useAssignees } from '#web/components/assignees.tsx';
import { detailsToForm, LineDetailsFields, LineIcon } from './line-details.tsx';

export function emptyPolicy(): PolicyFormValues {
  const start = todayIso();
  return {
    customer_id: '',
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    policy_number: '',
    insurance_company: '',
    policy_type: 'car',
    premium_amount: '',
    coverage_amount: '',
    deductible: '',
    start_date: start,
    term: '12_months',
    end_date: '',
    status: 'pending',
    assignee_id: '',
    ...(Object.fromEntries(LINES.map((l) => [`${l.id}_details`, detailsToForm(l)])) as Record<DetailsKey, Record<string, unknown>>),
  };
}

export function policyToForm(p: PolicyDetail): PolicyFormValues {
  return {
    customer_id: p.customer_id ?? '',
    customer_name: p.customer_name,
    customer_email: p.customer_email,
    customer_phone: p.customer_phone ?? '',
    policy_number: p.policy_number,
    insurance_company: p.insurance_company,
    policy_type: p.policy_type,
    premium_amount: p.premium_amount,
    coverage_amount: p.coverage_amount,
    deductible: p.deductible,
    start_date: p.start_date,
    term: p.term,
    end_date: p.end_date,
    status: p.bound ? 'active' : 'pending',
    assignee_id: p.assignee_id ?? '',
    // the policy's own line's details as stored, every other line's blank
    ...(Object.fromEntries(
      LINES.map((l) => [`${l.id}_details`, detailsToForm(l, (p as unknown as Record<string, Record<string, unknown> | null>)[`${l.id}_details`])]),
    ) as Record<DetailsKey, Record<string, unknown>>),
  };
}

export function PolicyForm({
  initial,
  policyId,
  limitReached,
  afterCreate,
}: {
  initial: PolicyFormValues;
  policyId?: string;
  limitReached?: boolean;
  /** a new policy's next step before its page opens (a statement line matched to it); it says its own toast */
  afterCreate?: (saved: PolicyDetail) => Promise<void>;
}) {
  const navigate = useNavigate();
  const save = useSavePolicy(policyId);
  const assignees = useAssignees();
  const [upsell, setUpsell] = useState(false);
  const form = useForm<PolicyFormValues, unknown, PolicyValues>({
    // the schema reads unknown input (the API's); here its input is the form's values
    resolver: zodResolver(policyInputSchema as unknown as z.ZodType<PolicyValues, PolicyFormValues>) as Resolver<PolicyFormValues, unknown, PolicyValues>,
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors, setValue, watch, setError } = form;
  const errors = formState.errors;
  const showServerErrors = useServerFieldErrors(setError);
  const type = watch('policy_type');
  const start = watch('start_date');
  const term = watch('term');
  const customerId = watch('customer_id');
  const endDate = term === 'custom' ? '' : termEndDate(start, term);
  const field = (name: Path<PolicyFormValues>) => register(name, { onChange: () => clearErrors(name) });

  useEffect(() => {
    form.reset(initial);
    // only when another policy is loaded
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [policyId]);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: async (saved) => {
          if (afterCreate && !policyId) await afterCreate(saved);
          else notify.success('Success', policyId ? POLICY_TEXT.updated : POLICY_TEXT.created);
          navigate(`/dashboard/policies/${saved.id}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'POLICY_LIMIT_REACHED') return notify.error(POLICY_TEXT.limitTitle, POLICY_TEXT.limitMessage);
          if (err instanceof ApiError && err.code === 'CUSTOMER_LIMIT_REACHED')
            return notify.error('Error', POLICY_TEXT.customerFailed(CUSTOMER_TEXT.limitMessage));
          if (err instanceof ApiError && err.status === 401) return notify.error('Error', POLICY_TEXT.notAuthenticated);
          showServerErrors(err);
          notify.error('Error', errorMessage(err));
        },
      }),
    () => notify.error(CUSTOMER_TEXT.validationTitle, CUSTOMER_TEXT.correctFields),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Customer Information</CardTitle>
          <div className="flex gap-2">
            {customerId ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setValue('customer_id', '')}>
                <X className="h-4 w-4" aria-hidden /> Unlink customer
              </Button>
            ) : null}
            <CustomerPicker
              onPick={(c) => {
                setValue('customer_id', c.id);
                setValue('customer_name', c.name);
                setValue('customer_email', c.email);
                setValue('customer_phone', c.phone ?? '');
                clearErrors(['customer_name', 'customer_email']);
              }}
            />
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {customerId ? (
            <p className="text-sm text-slate-600 sm:col-span-3" data-testid="linked-customer">
              Linked to an existing customer.
            </p>
          ) : (
            <p className="text-sm text-slate-500 sm:col-span-3">
              A customer with this email is reused; otherwise a new customer is created.
            </p>
          )}
          <FormField label="Customer Name" required error={errors.customer_name?.message}>
            <Input autoComplete="off" {...field('customer_name')} />
          </FormField>
          <FormField label="Customer Email" required error={errors.customer_email?.message}>
            <Input type="email" autoComplete="off" {...field('customer_email')} />
          </FormField>
          <FormField label="Customer Phone" error={errors.customer_phone?.message}>
            <Input type="tel" autoComplete="off" {...field('customer_phone')} />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Policy Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField label="Policy Number" required error={errors.policy_number?.message}>
            <Input {...field('policy_number')} />
          </FormField>
          <FormField label="Insurance Company" required error={errors.insurance_company?.message}>
            <Input {...field('insurance_company')} />
          </FormField>
          <FormField label="Policy Type" required error={errors.policy_type?.message}>
            <Select {...field('policy_type')}>
              {LINES.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Premium Amount" required error={errors.premium_amount?.message}>
            <Input inputMode="decimal" placeholder="0.00" {...field('premium_amount')} />
          </FormField>
          <FormField label="Coverage Amount" required error={errors.coverage_amount?.message}>
            <Input inputMode="decimal" placeholder="0.00" {...field('coverage_amount')} />
          </FormField>
          <FormField label="Deductible" required error={errors.deductible?.message}>
            <Input inputMode="decimal" placeholder="0.00" {...field('deductible')} />
          </FormField>
          <FormField label="Start Date" required error={errors.start_date?.message}>
            <Input type="date" {...field('start_date')} />
          </FormField>
          <FormField label="Term" error={errors.term?.message}>
            <Select
              {...register('term', {
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                  clearErrors(['term', 'end_date']);
                  // a custom end date starts from the end the form showed, so a small change stays small
                  if (e.target.value === 'custom' && term !== 'custom') setValue('end_date', termEndDate(start, term));
                },
              })}
            >
              {POLICY_TERMS.map((choice: PolicyTerm) => (
                <option key={choice} value={choice}>
                  {POLICY_TERM_LABEL[choice]}
                </option>
              ))}
            </Select>
          </FormField>
          {term === 'custom' ? (
            // keyed apart: the typed field and the computed one are different inputs, not one that changes kind
            <FormField key="custom-end" label="End Date" required hint={TERM_TEXT.hint.custom} error={errors.end_date?.message}>
              <Input type="date" {...field('end_date')} />
            </FormField>
          ) : (
            <FormField key="fixed-end" label="End Date" hint={TERM_TEXT.hint[term]}>
              <Input type="date" value={endDate} readOnly aria-readonly="true" className="bg-slate-50" />
            </FormField>
          )}
          <FormField label="Assignee" error={errors.assignee_id?.message}>
            <Select {...field('assignee_id')}>
              <option value="">{policyId ? 'Keep the current assignee' : 'Me'}</option>
              <AssigneeOptions members={assignees.data} />
            </Select>
          </FormField>
          <FormField label="Status" error={errors.status?.message} hint={STATUS_HINT}>
            <Select {...field('status')}>
              {CHOSEN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {POLICY_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LineIcon line={type} />
            {lineOf(type).detailsTitle}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <LineDetailsFields key={type} form={form as never} line={lineOf(type)} customerId={customerId} policyId={policyId} />
        </CardContent>
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" asChild>
          <Link to={policyId ? `/dashboard/policies/${policyId}` : '/dashboard/policies'}>Cancel</Link>
        </Button>
        {limitReached && !policyId ? (
          // looks disabled but still answers a click with the upsell (agency.md §2)
          <Button type="button" aria-haspopup="dialog" className="opacity-50" title={POLICY_TEXT.limitMessage} onClick={() => setUpsell(true)}>
            Create Policy
          </Button>
        ) : (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : policyId ? 'Update Policy' : 'Create Policy'}
          </Button>
        )}
      </div>
      <Dialog open={upsell} onOpenChange={setUpsell}>
        <DialogContent title={POLICY_TEXT.limitTitle} description={POLICY_TEXT.limitMessage}>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setUpsell(false)}>
              Not now
            </Button>
            <Button asChild>
              <Link to="/dashboard/subscription/upgrade">Upgrade Plan</Link>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </form>
  );
}
