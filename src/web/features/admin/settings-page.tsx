// /admin/settings: the payment instructions shown on the upgrade page. A plain admin reads them;
// only a super admin changes them (the server answers 403 to anyone else).
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { hasRole } from '#shared/access.ts';
import { CONTENT_TEXT, PAYMENT_INSTRUCTIONS_TEXT, paymentInstructionsSchema, type PaymentInstructionsInput } from '#shared/content.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';
import { usePaymentInstructions, useSavePaymentInstructions } from './content-queries.ts';

type Values = Required<PaymentInstructionsInput>;
const EMPTY: Values = { bank_name: '', account_details: '', paypal_email: '', note: '' };

export function AdminSettingsPage() {
  const { data: session } = useSession();
  const canEdit = hasRole(accessSubjectOf(session), 'super_admin');
  const current = usePaymentInstructions();
  const save = useSavePaymentInstructions();
  const form = useForm<Values, unknown, z.output<typeof paymentInstructionsSchema>>({
    resolver: zodResolver(paymentInstructionsSchema) as never,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { register, formState, reset } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  useEffect(() => {
    if (current.data) reset({ bank_name: current.data.bank_name, account_details: current.data.account_details, paypal_email: current.data.paypal_email, note: current.data.note });
  }, [current.data, reset]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify.success(PAYMENT_INSTRUCTIONS_TEXT.saved),
      onError: (err) => {
        showServerErrors(err);
        notify.error(PAYMENT_INSTRUCTIONS_TEXT.saveFailed, errorMessage(err));
      },
    }),
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Admin Settings</h1>
        <p className="mt-1 text-slate-600">Platform-wide settings for every agency.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Payment instructions</CardTitle>
          <CardDescription>
            Shown on the upgrade page next to the payment form. Until a bank account or PayPal address is set, users read: "
            {PAYMENT_INSTRUCTIONS_TEXT.notSet}"
          </CardDescription>
        </CardHeader>
        <CardContent>
          {current.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label="Loading payment instructions" />
            </div>
          ) : current.isError ? (
            <div role="alert" className="space-y-3 text-sm text-red-700">
              <p>Could not load the payment instructions: {errorMessage(current.error)}</p>
              <Button variant="outline" size="sm" onClick={() => current.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              {canEdit ? null : (
                <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  {CONTENT_TEXT.superAdminOnly}
                </p>
              )}
              <fieldset disabled={!canEdit || save.isPending} className="grid gap-4 sm:grid-cols-2">
                <FormField label="Bank name" error={formState.errors.bank_name?.message}>
                  <Input autoComplete="off" maxLength={100} {...register('bank_name')} />
                </FormField>
                <FormField label="PayPal address" error={formState.errors.paypal_email?.message}>
                  <Input type="email" autoComplete="off" {...register('paypal_email')} />
                </FormField>
                <FormField
                  label="Account details"
                  className="sm:col-span-2"
                  hint="Account holder, account number or IBAN, sort code or SWIFT/BIC."
                  error={formState.errors.account_details?.message}
                >
                  <Textarea rows={4} {...register('account_details')} />
                </FormField>
                <FormField label="Note to payers" className="sm:col-span-2" error={formState.errors.note?.message}>
                  <Textarea rows={3} {...register('note')} />
                </FormField>
              </fieldset>
              {canEdit ? (
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save payment instructions'}
                </Button>
              ) : null}
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
