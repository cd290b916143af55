// The message thread between a client and the agency (one per customer). The client writes from the
// portal, the agent from the customer page; each side marks the other's messages read. The client's
// messages show on the customer's timeline (entities/tasks/timeline.ts reads portal_messages) and tell the
// agent who invited them (the bell); the agent's tell the client by e-mail that a reply is waiting,
// never what it says (it may be private).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { MESSAGE_TEXT, type PortalMessage, type PortalThread } from '#shared/portal-messages.ts';
import type { Actor, Deps } from '#server/context.ts';
import { customers, portalAccess, portalMessages, user } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { renderMail, sendInBackground } from '#server/mail.ts';
import { mailBrandForAgency } from '#server/platform/brand.ts';
import { emit } from '#server/platform/events.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { ownCustomer } from './agent.ts';
import type { Client } from './session.ts';

/** The whole thread, oldest first; `unread` counts the other side's messages the reader has not read. */
async function thread(t: Tenant, customerId: string, readerIsClient: boolean): Promise<PortalThread> {
  const rows = await t
    .select({ m: portalMessages, firstName: user.firstName, lastName: user.lastName, customerName: customers.name })
    .from(portalMessages, eq(portalMessages.customerId, customerId))
    .innerJoin(customers, and(eq(customers.agencyId, portalMessages.agencyId), eq(customers.id, portalMessages.customerId)))
    .leftJoin(user, eq(user.id, portalMessages.authorId))
    .orderBy(asc(portalMessages.createdAt), asc(portalMessages.id));
  const messages = rows.map(
    ({ m, firstName, lastName, customerName }): PortalMessage => ({
      id: m.id,
      from_client: m.fromClient,
      author_name: m.fromClient ? customerName : `${firstName ?? ''} ${lastName ?? ''}`.trim() || 'Your agency',
      body: m.body,
      read_at: m.readAt?.toISOString() ?? null,
      created_at: m.createdAt.toISOString(),
    }),
  );
  return { messages, unread: messages.filter((m) => m.from_client !== readerIsClient && m.read_at === null).length };
}

async function markRead(t: Tenant, customerId: string, fromClient: boolean): Promise<void> {
  await t.update(portalMessages, { readAt: new Date() }, eq(portalMessages.customerId, customerId), eq(portalMessages.fromClient, fromClient), isNull(portalMessages.readAt));
}

// ---- the client's side

export const clientThread = (db: Connection, client: Client) => thread(tenant(db, client), client.customerId, true);

export async function clientReadMessages(db: Connection, client: Client): Promise<PortalThread> {
  const t = tenant(db, client);
  await markRead(t, client.customerId, false);
  return thread(t, client.customerId, true);
}

export async function clientSendMessage(db: Connection, client: Client, body: string): Promise<PortalMessage> {
  return tenant(db, client).transaction(async (t) => {
    const [row] = await t.insert(portalMessages, { customerId: client.customerId, fromClient: true, body }).returning();
    await emit(t, { userId: null }, {
      type: 'portal.message',
      entityId: client.customerId,
      customerId: client.customerId,
      customerName: client.customerName,
      fromClient: true,
      recipientId: client.invitedBy ?? client.agency.ownerId,
      messageId: row.id,
      summary: `${client.customerName} sent a message through the client portal`,
    });
    return (await thread(t, client.customerId, true)).messages.find((m) => m.id === row.id)!;
  });
}

// ---- the agent's side (the customer page)


export async function agentThread(db: Connection, actor: Actor, customerId: string): Promise<PortalThread> {
  const t = tenant(db, actor);
  const customer = await ownCustomer(t, customerId);
  return thread(t, customer.id, false);
}

export async function agentReadMessages(db: Connection, actor: Actor, customerId: string): Promise<PortalThread> {
  const t = tenant(db, actor);
  const customer = await ownCustomer(t, customerId);
  await markRead(t, customer.id, true);
  return thread(t, customer.id, false);
}

/** The agent's reply: only to an invited client (whose address is still the customer's). */
export async function agentSendMessage(deps: Deps, actor: Actor, customerId: string, body: string): Promise<PortalMessage> {
  const { message, customer } = await tenant(deps.db, actor).transaction(async (t) => {
    const found = await ownCustomer(t, customerId);
    const [access] = await t.select({ id: portalAccess.id }).from(portalAccess, eq(portalAccess.customerId, found.id), eq(portalAccess.email, found.email));
    if (!access) throw badRequest(MESSAGE_TEXT.notInvited);
    const [row] = await t.insert(portalMessages, { customerId: found.id, fromClient: false, authorId: actor.userId, body }).returning();
    // the client's unread messages are answered: read
    await markRead(t, found.id, true);
    await emit(t, actor, {
      type: 'portal.message',
      entityId: found.id,
      customerId: found.id,
      customerName: found.name,
      fromClient: false,
      recipientId: null,
      messageId: row.id,
      summary: `Replied to ${found.name} in the client portal`,
    });
    return { message: (await thread(t, found.id, false)).messages.find((m) => m.id === row.id)!, customer: found };
  });
  const brand = await mailBrandForAgency(deps, actor.agency.id);
  const agencyName = brand?.name ?? actor.agency.name;
  sendInBackground(
    deps.mailer,
    renderMail({
      to: customer.email,
      subject: `${agencyName} sent you a message`,
      greeting: `Hello ${customer.name},`,
      // never the content: the e-mail may be read by others, the portal needs the client's code
      paragraphs: [`${agencyName} has replied to you in the client portal. Sign in to read the message.`],
      action: { label: 'Read the message', url: `${deps.config.appUrl}/portal` },
      footer: `You received this e-mail because ${agencyName} invited this address to its client portal.`,
      brand: brand ?? { name: agencyName, color: '#1d4ed8', logoUrl: null, replyTo: null },
    }),
    deps.logger,
  );
  return message;
}
