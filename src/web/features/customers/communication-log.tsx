// The customer's communication log and timeline (business plan and above) or the upsell below it.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Lock } from 'lucide-react';
import { COMMUNICATION_TEXT } from '#shared/communications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFeature } from '#web/lib/session.ts';
import { CommunicationForm } from './communication-form.tsx';
import { CustomerTimeline } from './customer-timeline.tsx';

/** The Communication History card: the log form and, below it, the customer's whole timeline (issue 14). */
export function CommunicationLog({ customerId }: { customerId: string }) {
  const { allowed } = useFeature('communications');
  const { hash } = useLocation();
  // "Log a contact" in the renewal cockpit links here (#communications)
  useEffect(() => {
    if (hash === '#communications') document.getElementById('communications')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card id="communications">
      <CardHeader>
        <CardTitle>Communication History</CardTitle>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Lock className="h-8 w-8 text-slate-400" aria-hidden />
            <p className="font-medium text-slate-900">{COMMUNICATION_TEXT.upsellTitle}</p>
            <p className="text-sm text-slate-600">{COMMUNICATION_TEXT.upsellText}</p>
            <Button asChild className="mt-2">
              <Link to="/pricing">Upgrade Plan</Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-4">
            <CommunicationForm customerId={customerId} />
            <CustomerTimeline customerId={customerId} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
