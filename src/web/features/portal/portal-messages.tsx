// Messages: the client's thread with the agency (the agent answers from the customer page).
import { MESSAGE_TEXT } from '#shared/portal-messages.ts';
import { Thread } from '#web/components/portal/message-thread.tsx';

export function PortalMessages() {
  return <Thread path="/api/portal/messages" queryKey={['portal', 'messages']} mine={(m) => m.from_client} empty={MESSAGE_TEXT.empty} label="Messages with your agency" />;
}
