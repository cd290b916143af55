// /dashboard/api-settings/webhooks (Enterprise, the feature map's 'api-write'; owner and agency admins):
// endpoints, their secret, a test event, the delivery log with Redeliver, and how to verify a signature.
// A team member, or a Business agency (read-only API), is told why up front: nothing is fetched and no
// form is offered that the server would refuse (issue 30 §3).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { SIGNATURE_HEADER, VERIFY_SAMPLE, WEBHOOK_TEXT, type WebhookEndpoint } from '#shared/webhooks.ts';
import { ApiSettingsTabs } from '#web/components/api-settings-tabs.tsx';
import { listStatus } from '#web/components/list-kit/data-list.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointCard } from './endpoint-card.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';
import { useEndpoints } from './queries.ts';
import { checkAccess } from '#shared/access.ts';
import { FEATURES, featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';

export function WebhooksPage() {
  const { data: session } = useSession();
  const subject = accessSubjectOf(session);
  const manager = checkAccess(subject, FEATURES['api-write'].manage) === null;
  const planHasWebhooks = checkAccess(subject, featureNeed('api-write')) === null;
  const plan = featureNeed('api-write').tier;
  if (manager && planHasWebhooks) return <WebhooksManager />;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="API Settings" description="Connect PolicyDesk to your website, raters and automation tools." />
      <ApiSettingsTabs />
      <Card data-testid="webhooks-unavailable">
        <CardHeader>
          <CardTitle>{WEBHOOK_TEXT.title}</CardTitle>
          <CardDescription>{!manager ? WEBHOOK_TEXT.managersOnly : WEBHOOK_TEXT.planRequired(TIER_LABEL[plan])}</CardDescription>
        </CardHeader>
        {manager ? (
          <CardContent>
            <Button asChild>
              <Link to={`/dashboard/subscription/upgrade?tier=${plan}`}>Upgrade to {TIER_LABEL[plan]}</Link>
            </Button>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}

function WebhooksManager() {
  const endpoints = useEndpoints();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ open: boolean; endpoint: WebhookEndpoint | null }>({ open: false, endpoint: null });
  const rows = endpoints.data?.rows ?? [];
  const chosen = rows.find((e) => e.id === params.get('endpoint')) ?? rows[0] ?? null;

  const select = (id: string) =>
    setParams(
      (current) => {
        // another endpoint's log starts on its first page, unfiltered
        const next = new URLSearchParams();
        if (current.get('sort')) next.set('sort', current.get('sort')!);
        next.set('endpoint', id);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="API Settings" description="Connect PolicyDesk to your website, raters and automation tools." />
      <ApiSettingsTabs />
      <section aria-labelledby="webhooks-title" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="webhooks-title" className="text-xl font-semibold text-slate-900">
              {WEBHOOK_TEXT.title}
            </h2>
            <p className="mt-1 max-w-2xl text-sm text-slate-600">{WEBHOOK_TEXT.intro}</p>
          </div>
          <Button onClick={() => setEditing({ open: true, endpoint: null })}>
            <Plus className="mr-1 h-4 w-4" aria-hidden />
            {WEBHOOK_TEXT.add}
          </Button>
        </div>

        {listStatus(endpoints, WEBHOOK_TEXT.empty) ?? (
          <div className="space-y-3">
            {rows.map((e) => (
              <EndpointCard key={e.id} endpoint={e} selected={chosen?.id === e.id} onSelect={() => select(e.id)} onEdit={() => setEditing({ open: true, endpoint: e })} />
            ))}
          </div>
        )}

        {chosen ? (
          <Card aria-label={`Delivery log of ${chosen.url}`}>
            <p className="break-all px-4 pt-3 font-mono text-xs text-slate-500">{chosen.url}</p>
            <DeliveryLog endpointId={chosen.id} canRedeliver={chosen.enabled} />
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Verify the signature</CardTitle>
            <CardDescription>
              Every request carries a <code className="font-mono">{SIGNATURE_HEADER}</code> header: <code className="font-mono">t=&lt;unix time&gt;,v1=&lt;signature&gt;</code>. The
              signature is the hex HMAC-SHA256 of <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> with the endpoint&apos;s signing secret. Compare it in constant
              time and refuse old timestamps; use the <code className="font-mono">PolicyDesk-Event-Id</code> header to ignore an event you already handled (a redelivery
              repeats it).
            </CardDescription>
          </CardHeader>
          <CardContent>
            <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
              <code>{VERIFY_SAMPLE}</code>
            </pre>
          </CardContent>
        </Card>
      </section>
      <EndpointDialog open={editing.open} endpoint={editing.endpoint} onOpenChange={(open) => setEditing((s) => ({ ...s, open }))} />
    </div>
  );
}
