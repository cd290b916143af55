// /portal — the client portal (issue 32): an agency's client signs in with an e-mailed code and sees
// their policies, downloads ID cards and evidence of insurance, and asks for changes. Phone first.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, LogOut } from 'lucide-react';
import { PORTAL_TEXT, type PortalMe, type PortalPolicy, type PortalRequest } from '#shared/portal.ts';
import { RENEWAL_STATE_LABEL, type RenewalState } from '#shared/renewals.ts';
import { StatusBadge } from '#web/components/badges.tsx';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError, apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { useBrandColors } from '#web/lib/brand.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { PortalSignIn } from './portal-sign-in.tsx';
import { RequestChangeDialog, RequestList } from './portal-requests.tsx';
import { PortalDocuments } from './portal-documents.tsx';
import { PortalMessages } from './portal-messages.tsx';
import { PortalSignatures } from './portal-signatures.tsx';

const meKey = ['portal', 'me'] as const;

function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<PortalMe>('/api/portal/me', signal);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    retry: false,
  });
}

function ChooseAgency({ me, onChosen, onCancel }: { me: PortalMe; onChosen: () => void; onCancel?: () => void }) {
  const choose = useMutation({
    mutationFn: (agencyId: string) => apiPost('/api/portal/auth/choose', { agency_id: agencyId }),
    onSuccess: onChosen,
    onError: (err) => notify.error('Error', errorMessage(err)),
  });
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Choose your agency</h1>
      <p className="mt-1 text-sm text-slate-600">{me.email} is a client of more than one agency. Which one would you like to see?</p>
      <ul className="mt-6 space-y-3">
        {me.agencies.map((a) => (
          <li key={a.id}>
            <Button
              variant="outline"
              className="h-auto w-full justify-start py-4 text-left text-base"
              disabled={choose.isPending}
              aria-current={a.id === me.agency?.id ? 'true' : undefined}
              onClick={() => choose.mutate(a.id)}
            >
              {a.name}
              {a.id === me.agency?.id ? <span className="ml-auto text-sm font-normal text-slate-500">Current</span> : null}
            </Button>
          </li>
        ))}
      </ul>
      {onCancel ? (
        <Button variant="ghost" className="mt-4 w-full" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </main>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function PolicyCard({ policy, onRequest }: { policy: PortalPolicy; onRequest: () => void }) {
  const renewing = policy.renewal_state !== 'not_started' && policy.renewal_state !== 'renewed';
  const cardLabel = policy.card === 'id-card' ? 'ID card' : 'Evidence of insurance';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Policy ${policy.policy_number}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">
            {policy.policy_type} · {policy.policy_number}
          </h3>
          <p className="text-sm text-slate-600">{policy.carrier}</p>
        </div>
        <StatusBadge status={policy.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Term">
          {formatDay(policy.start_date)} – {formatDay(policy.end_date)}
        </Fact>
        <Fact label="Premium">{policy.premium}</Fact>
        <Fact label="Coverage">{policy.coverage}</Fact>
        <Fact label="Deductible">{policy.deductible}</Fact>
        {renewing ? <Fact label="Renewal">{RENEWAL_STATE_LABEL[policy.renewal_state as RenewalState] ?? policy.renewal_state}</Fact> : null}
        {policy.details.map((d) => (
          <Fact key={d.label} label={d.label}>
            {d.value}
          </Fact>
        ))}
      </dl>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {policy.card ? (
          <Button variant="outline" asChild>
            <a href={`/api/portal/policies/${policy.id}/card?download=1`} download aria-label={`Download ${cardLabel} for policy ${policy.policy_number}`}>
              <FileDown className="h-4 w-4" aria-hidden /> {cardLabel}
            </a>
          </Button>
        ) : null}
        <Button onClick={onRequest} aria-label={`Request a change to policy ${policy.policy_number}`}>
          Request a change
        </Button>
      </div>
    </li>
  );
}

function PortalHome({ me, onSwitch }: { me: PortalMe & { agency: NonNullable<PortalMe['agency']> }; onSwitch: () => void }) {
  const queryClient = useQueryClient();
  useBrandColors(me.agency.color);
  const policies = useQuery({ queryKey: ['portal', 'policies'], queryFn: ({ signal }) => apiGet<{ policies: PortalPolicy[] }>('/api/portal/policies', signal) });
  const requests = useQuery({ queryKey: ['portal', 'requests'], queryFn: ({ signal }) => apiGet<{ requests: PortalRequest[] }>('/api/portal/requests', signal) });
  const [requesting, setRequesting] = useState<PortalPolicy | null>(null);
  const signOut = useMutation({
    mutationFn: () => apiPost('/api/portal/auth/sign-out'),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['portal'] });
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
  const { agency } = me;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        {/* the agency's name is read whole: on a phone with "Switch agency" the buttons go under it */}
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
          <div className="flex min-w-0 flex-1 basis-40 items-center gap-3">
            {agency.logo_url ? <img src={agency.logo_url} alt="" className="h-8 max-w-28 object-contain" /> : null}
            <div className="min-w-0">
              <p className="font-semibold break-words text-brand-700">{agency.name}</p>
              <p className="truncate text-xs text-slate-500">Client portal</p>
            </div>
          </div>
          <div className="ml-auto flex items-center gap-2">
            {me.agencies.length > 1 ? (
              // every agency of the address, not only the next one (one e-mail can be a client of three)
              <Button variant="ghost" size="sm" onClick={onSwitch}>
                Switch agency
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-8 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Hello {me.customer?.name}</h1>
          {agency.support_phone || agency.support_email ? (
            <p className="mt-1 text-sm text-slate-600">
              Questions? Call {agency.support_phone ?? ''} {agency.support_phone && agency.support_email ? 'or write to ' : ''}
              {agency.support_email ? <a className="text-brand-700 underline" href={`mailto:${agency.support_email}`}>{agency.support_email}</a> : null}
            </p>
          ) : null}
        </div>
        <section aria-labelledby="my-policies">
          <h2 id="my-policies" className="mb-3 text-lg font-semibold text-slate-900">
            My policies
          </h2>
          {policies.isPending ? (
            <ListSkeleton rows={2} />
          ) : policies.isError ? (
            <ListError onRetry={() => void policies.refetch()}>Could not load your policies.</ListError>
          ) : policies.data.policies.length === 0 ? (
            <p className="text-sm text-slate-500">No policies yet.</p>
          ) : (
            <ul className="space-y-4">
              {policies.data.policies.map((p) => (
                <PolicyCard key={p.id} policy={p} onRequest={() => setRequesting(p)} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="to-sign">
          <h2 id="to-sign" className="mb-3 text-lg font-semibold text-slate-900">
            To sign
          </h2>
          <PortalSignatures />
        </section>
        <section aria-labelledby="my-documents">
          <h2 id="my-documents" className="mb-3 text-lg font-semibold text-slate-900">
            Documents for me
          </h2>
          <PortalDocuments />
        </section>
        <section aria-labelledby="my-messages">
          <h2 id="my-messages" className="mb-3 text-lg font-semibold text-slate-900">
            Messages
          </h2>
          <PortalMessages />
        </section>
        <section aria-labelledby="my-requests">
          <h2 id="my-requests" className="mb-3 text-lg font-semibold text-slate-900">
            My requests
          </h2>
          {requests.isPending ? (
            <ListSkeleton rows={1} />
          ) : requests.isError ? (
            <ListError onRetry={() => void requests.refetch()}>Could not load your requests.</ListError>
          ) : (
            <RequestList requests={requests.data.requests} />
          )}
        </section>
      </main>
      <RequestChangeDialog policy={requesting} onClose={() => setRequesting(null)} />
    </div>
  );
}

export function PortalPage() {
  const queryClient = useQueryClient();
  const me = useMe();
  const [switching, setSwitching] = useState(false);
  const refresh = () => {
    setSwitching(false);
    void queryClient.invalidateQueries({ queryKey: ['portal'] });
  };
  if (me.isPending)
    return (
      <main className="mx-auto max-w-md px-4 py-10" aria-busy="true">
        <ListSkeleton rows={2} />
      </main>
    );
  if (me.isError)
    return (
      <main className="mx-auto max-w-md px-4 py-10">
        <ListError onRetry={() => void me.refetch()}>{errorMessage(me.error, PORTAL_TEXT.unavailable)}</ListError>
      </main>
    );
  if (!me.data) return <PortalSignIn onSignedIn={refresh} />;
  if (!me.data.agency) return <ChooseAgency me={me.data} onChosen={refresh} />;
  if (switching) return <ChooseAgency me={me.data} onChosen={refresh} onCancel={() => setSwitching(false)} />;
  return <PortalHome me={{ ...me.data, agency: me.data.agency }} onSwitch={() => setSwitching(true)} />;
}
