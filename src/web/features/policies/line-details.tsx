// A policy's line-of-business details, rendered from the line's file in src/shared/lines (decision 051):
// the form's fields, the policy page's and print view's values, and the line's icon.
import { Link } from 'react-router';
import { useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { DynamicIcon, type IconName } from 'lucide-react/dynamic';
import { Plus, Trash2 } from 'lucide-react';
import { displayValue, fieldsOf, lineOf, type FieldMeta, type LineDefinition } from '#shared/lines/index.ts';
import type { PolicyDetail, PolicyFormValues } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Detail } from '#web/components/detail.tsx';
import { useCustomer } from '#web/lib/customers.ts';
import type { z } from 'zod';

export function LineIcon({ line, className = 'h-5 w-5' }: { line: string; className?: string }) {
  return <DynamicIcon name={lineOf(line).icon as IconName} className={className} aria-hidden />;
}

/** A field's empty form value: text as typed, a list empty. */
function blankValue(meta: FieldMeta): unknown {
  if (meta.kind === 'list' || meta.kind === 'policies') return [];
  if (meta.kind === 'choice' && !meta.required) return meta.options?.[0]?.[0] ?? '';
  return '';
}

function formValue(meta: FieldMeta, value: unknown): unknown {
  if (value === null || value === undefined) return blankValue(meta);
  if (meta.kind === 'list' && Array.isArray(value))
    return value.map((item: Record<string, unknown>) =>
      Object.fromEntries(fieldsOf(meta.item as z.ZodObject).map(({ key, meta: m }) => [key, formValue(m, item[key])])),
    );
  if (meta.kind === 'policies') return Array.isArray(value) ? value : [];
  return String(value);
}

/** A line's details as the form edits them, from stored details or blank. */
export function detailsToForm(line: LineDefinition, stored?: Record<string, unknown> | null): Record<string, unknown> {
  return Object.fromEntries(fieldsOf(line.fields).map(({ key, meta }) => [key, stored ? formValue(meta, stored[key]) : blankValue(meta)]));
}

type Form = UseFormReturn<PolicyFormValues, unknown, unknown>;
type Errors = Record<string, { message?: string } | undefined> | undefined;
const messageOf = (errors: Errors, key: string) => errors?.[key]?.message;

/** The chosen line's fields in the policy form. */
export function LineDetailsFields({ form, line, customerId, policyId }: { form: Form; line: LineDefinition; customerId: string; policyId?: string }) {
  const base = `${line.id}_details`;
  const errors = (form.formState.errors as FieldErrors<Record<string, unknown>>)[base] as Errors;
  const field = (name: string) => form.register(name as never, { onChange: () => form.clearErrors(name as never) });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {fieldsOf(line.fields).map(({ key, meta }) => {
        const name = `${base}.${key}`;
        const error = messageOf(errors, key);
        if (meta.kind === 'list')
          return <ListField key={name} form={form} name={name} meta={meta} errors={errors?.[key] as unknown as Errors[] | undefined} message={error} />;
        if (meta.kind === 'policies')
          return <PolicyLinksField key={name} form={form} name={name} meta={meta} message={error} customerId={customerId} policyId={policyId} />;
        return (
          <FormField key={name} label={meta.label} required={meta.required} error={error} className={meta.wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
            {control(meta, field(name))}
          </FormField>
        );
      })}
    </div>
  );
}

function control(meta: FieldMeta, props: ReturnType<Form['register']>) {
  if (meta.kind === 'choice')
    return (
      <Select {...props}>
        {meta.required ? <option value="">Choose…</option> : null}
        {meta.options?.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    );
  if (meta.kind === 'year') return <Input inputMode="numeric" maxLength={4} {...props} />;
  if (meta.kind === 'whole') return <Input inputMode="numeric" {...props} />;
  if (meta.kind === 'money') return <Input inputMode="decimal" placeholder="0.00" {...props} />;
  return <Input placeholder={meta.placeholder} {...props} />;
}

/** A list of records (a life policy's beneficiaries): one row of fields each, added and removed. */
function ListField({ form, name, meta, errors, message }: { form: Form; name: string; meta: FieldMeta; errors?: Errors[]; message?: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: name as never });
  const itemFields = fieldsOf(meta.item as z.ZodObject);
  const blank = Object.fromEntries(itemFields.map(({ key, meta: m }) => [key, blankValue(m)]));
  return (
    <fieldset className="space-y-3 sm:col-span-2 lg:col-span-3">
      <legend className="text-sm font-medium text-slate-800">
        {meta.label}
        {meta.required ? <span className="ml-0.5 text-red-600" aria-hidden>*</span> : null}
      </legend>
      {fields.length === 0 ? <p className="text-sm text-slate-500">None yet.</p> : null}
      {fields.map((row, i) => (
        <div key={row.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end">
          {itemFields.map(({ key, meta: m }) => (
            <FormField key={key} label={m.label} required={m.required} error={messageOf(errors?.[i] as Errors, key)}>
              {control(m, form.register(`${name}.${i}.${key}` as never))}
            </FormField>
          ))}
          <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove ${meta.label.toLowerCase()} ${i + 1}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ))}
      {message ? (
        <p role="alert" className="text-sm text-red-600">
          {message}
        </p>
      ) : null}
      <Button type="button" variant="outline" size="sm" onClick={() => append(blank as never)}>
        <Plus className="h-4 w-4" aria-hidden /> Add {meta.one ?? 'one'}
      </Button>
    </fieldset>
  );
}

/** Other policies of the linked customer, as checkboxes (an umbrella's underlying policies). */
function PolicyLinksField({ form, name, meta, message, customerId, policyId }: { form: Form; name: string; meta: FieldMeta; message?: string; customerId: string; policyId?: string }) {
  const customer = useCustomer(customerId || undefined);
  const own = (customer.data?.policies ?? []).filter((p) => p.id !== policyId);
  return (
    <fieldset className="space-y-2 sm:col-span-2 lg:col-span-3" aria-describedby={message ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {meta.label}
        {meta.required ? <span className="ml-0.5 text-red-600" aria-hidden>*</span> : null}
      </legend>
      {!customerId ? (
        <p className="text-sm text-slate-500">Choose an existing customer above to link their policies.</p>
      ) : customer.isPending ? (
        <p className="text-sm text-slate-500">Loading the customer’s policies…</p>
      ) : own.length === 0 ? (
        <p className="text-sm text-slate-500">This customer has no other policies yet.</p>
      ) : (
        <ul className="space-y-1">
          {own.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={p.id} {...form.register(name as never, { onChange: () => form.clearErrors(name as never) })} />
                {p.policy_number} · {lineOf(p.policy_type).label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {message ? (
        <p id={`${name}-error`} role="alert" className="text-sm text-red-600">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The policy's details on its page and print view (N/A where a value is missing). */
export function LineDetailsView({ policy }: { policy: PolicyDetail }) {
  const line = lineOf(policy.policy_type);
  const details = (policy as unknown as Record<string, Record<string, unknown> | null>)[`${line.id}_details`];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {fieldsOf(line.fields).map(({ key, meta }) => (
        <Detail key={key} label={meta.show ?? meta.label}>
          {meta.kind === 'policies' && Array.isArray(details?.[key]) ? (
            <PolicyLinks ids={details[key] as string[]} customerId={policy.customer_id} />
          ) : details ? (
            displayValue(meta, details[key])
          ) : null}
        </Detail>
      ))}
    </dl>
  );
}

function PolicyLinks({ ids, customerId }: { ids: string[]; customerId: string | null }) {
  const customer = useCustomer(customerId ?? undefined);
  const numberOf = new Map((customer.data?.policies ?? []).map((p) => [p.id, p.policy_number]));
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <Link className="text-blue-700 underline" to={`/dashboard/policies/${id}`}>
            {numberOf.get(id) ?? 'Policy'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The line's one-line summary (as on an ID card), or null without details. */
export function lineSummary(policy: PolicyDetail): string | null {
  const line = lineOf(policy.policy_type);
  const details = (policy as unknown as Record<string, Record<string, unknown> | null>)[`${line.id}_details`];
  if (!details) return null;
  try {
    return line.summary(details);
  } catch {
    return null;
  }
}
