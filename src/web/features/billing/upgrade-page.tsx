// /dashboard/subscription/upgrade: 'Upgrade Your Subscription' (platform.md §2, §3, §5).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { format } from 'date-fns';
import type { z } from 'zod';
import { Check, Info, Paperclip, X } from 'lucide-react';
import { PAYMENT_METHODS, PAYMENT_TEXT, paymentSubmissionSchema, type PaymentSubmissionInput } from '#shared/payments.ts';
import { acceptAttribute, formatBytes, looksAllowed, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '#shared/files.ts';
import { isOnTopPlan, PAID_TIERS, PLAN_PRICES, TIER_LABEL, TOP_PLAN_TEXT, TOP_TIER, planLimitLines, type PaidTier } from '#shared/tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { PlanBadge } from '#web/components/plan-badge.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { PaymentInstructionsPanel } from './payment-instructions.tsx';
import { useSubmission, useSubmitPayment } from './queries.ts';

type Schema = typeof paymentSubmissionSchema;
type Values = Omit<PaymentSubmissionInput, 'agreed_to_terms'> & { agreed_to_terms: boolean };

const UPGRADE_FIELDS = ['selected_tier', 'payment_method', 'transaction_reference', 'payment_date', 'notes', 'agreed_to_terms'] as const;
const UPGRADE_FIELD_LABEL: Record<(typeof UPGRADE_FIELDS)[number] | 'receipt', string> = {
  selected_tier: 'Plan',
  payment_method: 'Payment method',
  transaction_reference: 'Transaction reference',
  payment_date: 'Payment date',
  notes: 'Notes',
  receipt: 'Payment receipt',
  agreed_to_terms: 'Terms and conditions',
};

const isPaidTier = (v: string | null): v is PaidTier => v !== null && (PAID_TIERS as readonly string[]).includes(v);
const today = () => format(new Date(), 'yyyy-MM-dd');

/** The server's file errors carry the spec's toast title in their code. */
function fileErrorTitle(code: string): string | null {
  if (code === 'INVALID_FILE_TYPE') return PAYMENT_TEXT.invalidFileTitle;
  if (code === 'FILE_TOO_LARGE') return PAYMENT_TEXT.tooLargeTitle;
  if (code === 'RECEIPT_REQUIRED') return PAYMENT_TEXT.receiptTitle;
  return null;
}

export function UpgradePage() {
  const { data: session } = useSession();
  if (isOnTopPlan(session?.agency?.tier, session?.profile.subscription_status)) return <TopPlan />;
  return <UpgradeForm />;
}

/** The top plan has nothing to upgrade to: say so, and show where its payments are. */
function TopPlan() {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Your Subscription</h1>
      <Card>
        <CardHeader>
          <CardTitle>{TOP_PLAN_TEXT.title}</CardTitle>
          <CardDescription className="flex items-center gap-2">
            Current plan <PlanBadge tier={TOP_TIER} />
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-slate-700">{TOP_PLAN_TEXT.body}</p>
          <p className="text-sm text-slate-600">{planLimitLines(TOP_TIER).join(', ')}.</p>
          <Button asChild>
            <Link to="/dashboard/subscription/history">{TOP_PLAN_TEXT.billing}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function UpgradeForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const resubmitId = params.get('resubmit');
  const previous = useSubmission(resubmitId);
  const tierParam = params.get('tier');
  const submit = useSubmitPayment();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(paymentSubmissionSchema) as never,
    defaultValues: {
      selected_tier: (isPaidTier(tierParam) ? tierParam : '') as PaidTier,
      payment_method: '' as never,
      transaction_reference: '',
      payment_date: today(),
      notes: '',
      agreed_to_terms: false,
    },
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors, control, reset, setError } = form;
  const showServerErrors = useServerFieldErrors(setError, UPGRADE_FIELDS);

  // Resubmitting a rejected payment: start from what was sent before.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!previous.data || prefilled.current) return;
    prefilled.current = true;
    reset({
      selected_tier: previous.data.selected_tier,
      payment_method: previous.data.payment_method,
      transaction_reference: previous.data.transaction_reference ?? '',
      payment_date: previous.data.payment_date,
      notes: previous.data.notes ?? '',
      agreed_to_terms: false,
    });
  }, [previous.data, reset]);

  function pickFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!file) return;
    if (!looksAllowed(file, RECEIPT_TYPES)) {
      setReceiptError(PAYMENT_TEXT.invalidFile);
      notify.error(PAYMENT_TEXT.invalidFileTitle, PAYMENT_TEXT.invalidFile);
      return;
    }
    if (file.size > RECEIPT_MAX_BYTES) {
      setReceiptError(PAYMENT_TEXT.tooLarge);
      notify.error(PAYMENT_TEXT.tooLargeTitle, PAYMENT_TEXT.tooLarge);
      return;
    }
    setReceiptError(undefined);
    setReceipt(file);
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (!receipt) {
        setReceiptError(PAYMENT_TEXT.receipt);
        notify.error(PAYMENT_TEXT.receiptTitle, PAYMENT_TEXT.receipt);
        return;
      }
      const body = new FormData();
      body.append('selected_tier', values.selected_tier);
      body.append('payment_method', values.payment_method);
      if (values.transaction_reference) body.append('transaction_reference', values.transaction_reference);
      body.append('payment_date', values.payment_date);
      if (values.notes) body.append('notes', values.notes);
      body.append('agreed_to_terms', 'true');
      body.append('receipt', receipt);
      submit.mutate(body, {
        onSuccess: () => {
          notify.success(PAYMENT_TEXT.success, 'We will verify it within 24-48 hours.');
          navigate('/dashboard/subscription/history');
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            const title = fileErrorTitle(err.code);
            if (title) {
              setReceiptError(err.message);
              notify.error(title, err.message);
              return;
            }
            if (showServerErrors(err)) return notify.error(PAYMENT_TEXT.submissionFailed, err.message);
          }
          notify.error(PAYMENT_TEXT.submissionFailed, PAYMENT_TEXT.uploadFailed(errorMessage(err)));
        },
      });
    },
    (errors) => {
      if (!receipt) setReceiptError(PAYMENT_TEXT.receipt);
      if (errors.agreed_to_terms) notify.error(PAYMENT_TEXT.termsTitle, PAYMENT_TEXT.terms);
      else if (!receipt) notify.error(PAYMENT_TEXT.receiptTitle, PAYMENT_TEXT.receipt);
      else notify.error(PAYMENT_TEXT.submissionFailed, 'Please correct the highlighted fields.');
    },
  );

  // Every field still to fix, in the form's order, named above the submit button (a toast shows one).
  const toFix = UPGRADE_FIELDS.filter((name) => formState.errors[name]).map((name) => UPGRADE_FIELD_LABEL[name]);
  if (receiptError) toFix.splice(toFix.length - (formState.errors.agreed_to_terms ? 1 : 0), 0, UPGRADE_FIELD_LABEL.receipt);

  const selected = form.watch('selected_tier');
  const current = session?.profile.effective_tier;
  const instructions = <PaymentInstructionsPanel tier={isPaidTier(selected) ? selected : null} reference={session?.profile.email} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Upgrade Your Subscription</h1>
        <p className="mt-1 text-slate-600">
          Pay by bank transfer, PayPal or card, then send us the receipt. We verify payments within 24-48 hours and switch your plan on
          as soon as it is approved.
        </p>
        {current ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
            Current plan <PlanBadge tier={current} />
          </p>
        ) : null}
      </div>

      {previous.data ? (
        <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="note">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">Resubmitting a rejected payment</p>
            {previous.data.admin_notes ? <p className="mt-1">Reason given: {previous.data.admin_notes}</p> : null}
            <p className="mt-1">The details are filled in from your earlier submission. Attach a new receipt and check the details.</p>
          </div>
        </div>
      ) : null}

      {/* on a phone, where to pay comes before the form that asks for the proof */}
      <div className="lg:hidden">{instructions}</div>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
            <CardDescription>All fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
              <FormField label="Plan" required error={formState.errors.selected_tier?.message}>
                <Select {...register('selected_tier', { onChange: () => clearErrors('selected_tier') })}>
                  <option value="">Select a plan</option>
                  {PAID_TIERS.map((t) => (
                    <option key={t} value={t}>
                      {TIER_LABEL[t]} — {PLAN_PRICES[t]}/month
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Payment method" required error={formState.errors.payment_method?.message}>
                <Select {...register('payment_method', { onChange: () => clearErrors('payment_method') })}>
                  <option value="">Select a method</option>
                  {PAYMENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Transaction reference" error={formState.errors.transaction_reference?.message} hint="The reference on your bank statement or PayPal receipt.">
                <Input {...register('transaction_reference', { onChange: () => clearErrors('transaction_reference') })} />
              </FormField>
              <FormField label="Payment date" required error={formState.errors.payment_date?.message}>
                <Input type="date" max={today()} {...register('payment_date', { onChange: () => clearErrors('payment_date') })} />
              </FormField>
              <FormField label="Notes" className="sm:col-span-2" error={formState.errors.notes?.message}>
                <Textarea rows={3} {...register('notes', { onChange: () => clearErrors('notes') })} />
              </FormField>

              <div className="sm:col-span-2">
                <FormField label="Payment receipt" required error={receiptError} hint="JPG, PNG or PDF, up to 5MB.">
                  <input ref={fileInput} type="file" accept={acceptAttribute(RECEIPT_TYPES)} onChange={pickFile} className="sr-only" />
                </FormField>
                {receipt ? null : (
                  <Button type="button" variant="outline" className="mt-2" onClick={() => fileInput.current?.click()}>
                    <Paperclip className="h-4 w-4" aria-hidden />
                    Choose receipt
                  </Button>
                )}
                {receipt ? (
                  <div className="mt-2 flex items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <Paperclip className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                      <span className="truncate">{receipt.name}</span>
                      <span className="shrink-0 text-slate-500">{formatBytes(receipt.size)}</span>
                    </span>
                    <button
                      type="button"
                      className="rounded p-1 text-slate-500 hover:bg-slate-200"
                      aria-label={`Remove ${receipt.name}`}
                      onClick={() => setReceipt(null)}
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                ) : null}
              </div>

              <div className="sm:col-span-2">
                <div className="flex items-start gap-2">
                  <Controller
                    control={control}
                    name="agreed_to_terms"
                    render={({ field }) => (
                      <Checkbox
                        id="agreed_to_terms"
                        className="mt-0.5"
                        checked={field.value === true}
                        aria-invalid={formState.errors.agreed_to_terms ? true : undefined}
                        aria-describedby={formState.errors.agreed_to_terms ? 'agreed_to_terms-error' : undefined}
                        onCheckedChange={(v) => {
                          field.onChange(v === true);
                          clearErrors('agreed_to_terms');
                        }}
                      />
                    )}
                  />
                  <label htmlFor="agreed_to_terms" className="text-sm text-slate-700">
                    I agree to the terms and conditions and confirm this payment was made by me or my company.
                  </label>
                </div>
                {formState.errors.agreed_to_terms ? (
                  <p id="agreed_to_terms-error" role="alert" className="mt-1 text-sm text-red-600">
                    {formState.errors.agreed_to_terms.message}
                  </p>
                ) : null}
              </div>

              {toFix.length > 0 ? (
                <p role="alert" data-testid="fields-to-fix" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 sm:col-span-2">
                  {PAYMENT_TEXT.fieldsToFix(toFix)}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button type="submit" disabled={submit.isPending}>
                  {submit.isPending ? 'Submitting...' : 'Submit Payment'}
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/dashboard/subscription/history">Billing History</Link>
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>

        <aside className="space-y-3">
          <div className="hidden lg:block">{instructions}</div>
          {PAID_TIERS.map((t) => (
            <div
              key={t}
              className={`rounded-lg border bg-white p-4 ${selected === t ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-slate-200'}`}
            >
              <div className="flex items-center justify-between">
                <p className="font-semibold text-slate-900">{TIER_LABEL[t]}</p>
                {selected === t ? <Check className="h-4 w-4 text-brand-700" aria-hidden /> : null}
              </div>
              <p className="text-sm text-slate-600">
                {PLAN_PRICES[t]} per month · {planLimitLines(t).join(', ')}
              </p>
            </div>
          ))}
        </aside>
      </div>
    </div>
  );
}
