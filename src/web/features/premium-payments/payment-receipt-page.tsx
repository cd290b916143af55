// /payment-receipt: record a client's premium payment with one or more receipt files.
import { useRef, useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { format } from 'date-fns';
import type { z } from 'zod';
import { CheckCircle2, FileText, Image as ImageIcon, Upload, X } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { PREMIUM_METHODS, PREMIUM_METHOD_LABEL, PREMIUM_TEXT, premiumPaymentSchema, type PremiumPayment, type PremiumPaymentInput } from '#shared/premium-payments.ts';
import { acceptAttribute, formatBytes, looksAllowed, PREMIUM_RECEIPT_MAX_BYTES, PREMIUM_RECEIPT_MAX_FILES, PREMIUM_RECEIPT_TYPES } from '#shared/files.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useRecordPayment } from '#web/lib/premium-payments.ts';

interface PickedFile {
  id: string;
  file: File;
}

const PAYMENT_FIELDS = ['client_name', 'policy_number', 'amount', 'payment_date', 'payment_method', 'notes'] as const;

const FILE_TITLES: Record<string, string> = {
  INVALID_FILE_TYPE: PREMIUM_TEXT.invalidFileTitle,
  FILE_TOO_LARGE: PREMIUM_TEXT.tooLargeTitle,
  RECEIPT_REQUIRED: PREMIUM_TEXT.receiptTitle,
  TOO_MANY_FILES: 'Too many files',
};

export function PaymentReceiptPage() {
  const [params] = useSearchParams();
  const record = useRecordPayment();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [saved, setSaved] = useState<PremiumPayment | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<PremiumPaymentInput, unknown, z.output<typeof premiumPaymentSchema>>({
    resolver: zodResolver(premiumPaymentSchema),
    defaultValues: {
      client_name: params.get('client') ?? '',
      policy_number: params.get('policy') ?? '',
      amount: '',
      payment_date: format(new Date(), 'yyyy-MM-dd'),
      payment_method: '' as never,
      notes: '',
    },
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors, setError } = form;
  const showServerErrors = useServerFieldErrors(setError, PAYMENT_FIELDS);

  function addFiles(list: FileList | File[]) {
    const incoming = Array.from(list);
    const accepted: PickedFile[] = [];
    for (const file of incoming) {
      if (!looksAllowed(file, PREMIUM_RECEIPT_TYPES)) {
        notify.error(PREMIUM_TEXT.invalidFileTitle, PREMIUM_TEXT.invalidFile);
        continue;
      }
      if (file.size > PREMIUM_RECEIPT_MAX_BYTES) {
        notify.error(PREMIUM_TEXT.tooLargeTitle, PREMIUM_TEXT.tooLarge);
        continue;
      }
      accepted.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`, file });
    }
    setFiles((current) => {
      const next = [...current, ...accepted];
      if (next.length > PREMIUM_RECEIPT_MAX_FILES) {
        notify.error('Too many files', PREMIUM_TEXT.tooManyFiles);
        return next.slice(0, PREMIUM_RECEIPT_MAX_FILES);
      }
      return next;
    });
    if (accepted.length) setFilesError(undefined);
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      if (files.length === 0) {
        setFilesError(PREMIUM_TEXT.receipt);
        notify.error(PREMIUM_TEXT.receiptTitle, PREMIUM_TEXT.receipt);
        return;
      }
      const body = new FormData();
      for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') body.append(k, String(v));
      for (const f of files) body.append('files', f.file);
      record.mutate(body, {
        onSuccess: ({ payment }) => {
          notify.success(PREMIUM_TEXT.saved, `${payment.client_name} · ${payment.policy_number}`);
          setSaved(payment);
          setFiles([]);
          form.reset({ ...form.getValues(), amount: '', notes: '' });
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            const title = FILE_TITLES[err.code];
            if (title) {
              setFilesError(err.message);
              notify.error(title, err.message);
              return;
            }
          }
          showServerErrors(err);
          notify.error(PREMIUM_TEXT.saveFailed, errorMessage(err));
        },
      });
    },
    () => {
      if (files.length === 0) setFilesError(PREMIUM_TEXT.receipt);
      notify.error(PREMIUM_TEXT.saveFailed, 'Please correct the highlighted fields.');
    },
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Payment Receipt</h1>
        <p className="mt-1 text-slate-600">Record a client's premium payment and attach the receipts. It is saved on the policy with that number.</p>
      </div>

      {saved ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <span className="flex items-center gap-2">
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            Saved {formatMoney(saved.amount)} for policy {saved.policy_number} with {saved.files.length} {saved.files.length === 1 ? 'file' : 'files'}.
          </span>
          <Link className="font-semibold underline" to={`/dashboard/policies/${saved.policy_id}`}>
            View policy
          </Link>
        </div>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Receipts</CardTitle>
            <CardDescription>JPEG, PNG, GIF or PDF, up to 10MB each, at most {PREMIUM_RECEIPT_MAX_FILES} files.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="dropzone"
              className={cn(
                'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition',
                dragging ? 'border-brand-600 bg-brand-50' : filesError ? 'border-red-400' : 'border-slate-300',
              )}
            >
              <Upload className="h-8 w-8 text-slate-400" aria-hidden />
              <p className="text-sm text-slate-700">Drag and drop receipts here, or</p>
              <Button type="button" variant="outline" onClick={() => input.current?.click()}>
                Choose files
              </Button>
              <input
                ref={input}
                type="file"
                multiple
                aria-label="Receipt files"
                accept={acceptAttribute(PREMIUM_RECEIPT_TYPES)}
                className="sr-only"
                onChange={(e) => {
                  if (e.target.files) addFiles(e.target.files);
                  e.target.value = '';
                }}
              />
            </div>
            {filesError ? (
              <p role="alert" className="text-sm text-red-600">
                {filesError}
              </p>
            ) : null}
            {files.length ? (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Selected files">
                {files.map(({ id, file }) => (
                  <li key={id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      {file.type.startsWith('image/') ? (
                        <ImageIcon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                      ) : (
                        <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                      )}
                      <span className="truncate">{file.name}</span>
                      <span className="shrink-0 text-slate-500">{formatBytes(file.size)}</span>
                    </span>
                    <button
                      type="button"
                      className="rounded p-1 text-slate-500 hover:bg-slate-100"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setFiles((cur) => cur.filter((f) => f.id !== id))}
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField label="Client name" required error={formState.errors.client_name?.message}>
              <Input {...register('client_name', { onChange: () => clearErrors('client_name') })} />
            </FormField>
            <FormField label="Policy number" required error={formState.errors.policy_number?.message}>
              <Input {...register('policy_number', { onChange: () => clearErrors('policy_number') })} />
            </FormField>
            <FormField label="Amount" required error={formState.errors.amount?.message}>
              <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...register('amount', { onChange: () => clearErrors('amount') })} />
            </FormField>
            <FormField label="Payment date" required error={formState.errors.payment_date?.message}>
              <Input type="date" {...register('payment_date', { onChange: () => clearErrors('payment_date') })} />
            </FormField>
            <FormField label="Payment method" required error={formState.errors.payment_method?.message}>
              <Select {...register('payment_method', { onChange: () => clearErrors('payment_method') })}>
                <option value="">Select a method</option>
                {PREMIUM_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PREMIUM_METHOD_LABEL[m]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Notes" className="sm:col-span-2" error={formState.errors.notes?.message}>
              <Textarea rows={3} {...register('notes')} />
            </FormField>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={record.isPending}>
                {record.isPending ? 'Saving...' : 'Submit Payment Receipt'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
    </div>
  );
}
