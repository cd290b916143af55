// To sign: the documents the agency sent the client for signature. The client reads the PDF, types
// their full name, types or draws a signature, agrees, and signs (or declines with a reason).
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { SIGNATURE_STATE_LABEL, SIGNATURE_TEXT, signSchema, type SignatureKind, type SignatureRequest } from '#shared/portal-messages.ts';
import { fieldErrors } from '#shared/validation.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { SignaturePad, type PadHandle } from './signature-pad.tsx';

const key = ['portal', 'signatures'] as const;
const TONE = { pending: 'blue', signed: 'green', declined: 'red', expired: 'gray' } as const;

function useAnswer(request: SignatureRequest, what: 'sign' | 'decline', onDone: () => void, onFields: (f: Record<string, string>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiPost<{ message: string }>(`/api/portal/signatures/${request.id}/${what}`, body),
    onSuccess: async (res) => {
      notify.success(res.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['portal'] });
    },
    onError: (err) => (err instanceof ApiError && err.fields ? onFields(err.fields) : notify.error('Error', errorMessage(err))),
  });
}

function SignDialog({ request, onClose }: { request: SignatureRequest; onClose: () => void }) {
  const [fullName, setFullName] = useState('');
  const [kind, setKind] = useState<SignatureKind>('typed');
  const [typedSig, setTypedSig] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pad = useRef<PadHandle>(null);
  const sign = useAnswer(request, 'sign', onClose, setErrors);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { full_name: fullName, kind, typed: typedSig, drawing: kind === 'drawn' ? (pad.current?.dataUrl() ?? '') : '', consent };
    const parsed = signSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    sign.mutate(body);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Sign the document" description={request.document_name}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Your full name" error={errors.full_name}>
            <Input value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Signature</legend>
            <div className="flex gap-4 text-sm">
              {(['typed', 'drawn'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {k === 'typed' ? 'Type it' : 'Draw it'}
                </label>
              ))}
            </div>
            {kind === 'typed' ? (
              <FormField label="Type your signature" error={errors.typed}>
                <Input value={typedSig} onChange={(e) => setTypedSig(e.target.value)} className="font-serif italic" />
              </FormField>
            ) : (
              <div>
                <SignaturePad ref={pad} label="Draw your signature" hint={SIGNATURE_TEXT.drawHint} />
                {errors.drawing ? <p className="mt-1 text-sm text-red-600">{errors.drawing}</p> : null}
              </div>
            )}
          </fieldset>
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-describedby="consent-error" />
              <span>{SIGNATURE_TEXT.consent}</span>
            </label>
            {errors.consent ? (
              <p id="consent-error" className="mt-1 text-sm text-red-600">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={sign.isPending}>
              {sign.isPending ? 'Signing...' : 'Sign'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeclineDialog({ request, onClose }: { request: SignatureRequest; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const decline = useAnswer(request, 'decline', onClose, setErrors);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Decline to sign" description={request.document_name}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            decline.mutate({ reason });
          }}
          noValidate
          className="space-y-4"
        >
          <FormField label="Why? (optional, your agent reads it)" error={errors.reason}>
            <textarea className="min-h-20 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              Decline
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function PortalSignatures() {
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<{ requests: SignatureRequest[] }>('/api/portal/signatures', signal) });
  const [open, setOpen] = useState<{ request: SignatureRequest; what: 'sign' | 'decline' } | null>(null);
  if (list.isPending) return <ListSkeleton rows={1} />;
  if (list.isError) return <ListError onRetry={() => void list.refetch()}>Could not load your documents to sign.</ListError>;
  if (!list.data.requests.length) return <p className="text-sm text-slate-500">Nothing to sign.</p>;
  return (
    <>
      <ul className="space-y-3" aria-label="Documents to sign">
        {list.data.requests.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 truncate font-medium text-slate-900">{r.document_name}</p>
              <Badge tone={TONE[r.state]}>{SIGNATURE_STATE_LABEL[r.state]}</Badge>
            </div>
            {r.message ? <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{r.message}</p> : null}
            <p className="mt-1 text-xs text-slate-500">
              {r.state === 'pending' ? `Please sign by ${formatDay(r.expires_at.slice(0, 10))}` : r.signed_at ? `Signed ${formatDay(r.signed_at.slice(0, 10))}` : `Sent ${formatDay(r.created_at.slice(0, 10))}`}
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" asChild>
                <a href={`/api/portal/signatures/${r.id}/document`} target="_blank" rel="noopener" aria-label={`Read ${r.document_name}`}>
                  Read the document
                </a>
              </Button>
              {r.state === 'pending' ? (
                <>
                  <Button onClick={() => setOpen({ request: r, what: 'sign' })} aria-label={`Sign ${r.document_name}`}>
                    Sign
                  </Button>
                  <Button variant="ghost" onClick={() => setOpen({ request: r, what: 'decline' })} aria-label={`Decline ${r.document_name}`}>
                    Decline
                  </Button>
                </>
              ) : null}
              {r.signed_document_id ? (
                <Button variant="outline" asChild>
                  <a href={`/api/portal/documents/${r.signed_document_id}?download=1`} download aria-label={`Download the signed copy of ${r.document_name}`}>
                    <FileDown className="h-4 w-4" aria-hidden /> Signed copy
                  </a>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {open?.what === 'sign' ? <SignDialog request={open.request} onClose={() => setOpen(null)} /> : null}
      {open?.what === 'decline' ? <DeclineDialog request={open.request} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
