// The customer page's Messages card: the client's portal thread; the agent replies here, and the
// client gets an e-mail that a reply is waiting (never its content).
import { MessageSquare } from 'lucide-react';
import { MESSAGE_TEXT } from '#shared/portal-messages.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFeature } from '#web/lib/session.ts';
import { Thread } from './message-thread.tsx';

export function PortalMessagesCard({ customerId }: { customerId: string }) {
  const { allowed } = useFeature('client-portal');
  if (!allowed) return null;
  return (
    <Card id="portal-messages">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="h-5 w-5 text-slate-400" aria-hidden /> Client messages
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Thread
          path={`/api/customers/${customerId}/messages`}
          queryKey={['customer-messages', customerId]}
          mine={(m) => !m.from_client}
          empty={MESSAGE_TEXT.agentEmpty}
          label="Messages with the client"
        />
      </CardContent>
    </Card>
  );
}
