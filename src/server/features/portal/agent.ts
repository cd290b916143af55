// The agent's side of the portal: invite a customer, revoke access, answer change requests, and
// download the same ID card or evidence the client gets.
import { eq } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { PORTAL_TEXT, type PortalRequest, type requestAnswerSchema } from '#shared/portal.ts';
import type { z } from 'zod';
import type { Actor, Deps } from '#server/context.ts';
import { customers, policies, portalAccess } from '#server/db/schema.ts';
import { answerPortalRequest } from '#server/entities/portal-requests.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { renderMail, sendInBackground } from '#server/mail.ts';
import { mailBrandForAgency } from '#server/platform/brand.ts';
import { emit } from '#server/platform/events.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { policyCardPdf } from './cards.ts';
import { requestsOfCustomer } from './service.ts';

export interface PortalStatus {
  invited: boolean;
  invited_at: string | null;
  email: string;
  requests: PortalRequest[];
}

/** The agency's customer (its name and e-mail), or the customer's 404. */
export async function ownCustomer(t: Tenant, customerId: string) {
  const [customer] = await t.select({ id: customers.id, name: customers.name, email: customers.email }).from(customers, eq(customers.id, customerId));
  if (!customer) throw notFound(CUSTOMER_TEXT.notFound);
  return customer;
}

export async function portalStatus(db: Connection, actor: Actor, customerId: string): Promise<PortalStatus> {
  const t = tenant(db, actor);
  const customer = await ownCustomer(t, customerId);
  const [access] = await t.select({ invitedAt: portalAccess.invitedAt, email: portalAccess.email }).from(portalAccess, eq(portalAccess.customerId, customer.id));
  const current = access && access.email === customer.email;
  return { invited: Boolean(current), invited_at: current ? access.invitedAt.toISOString() : null, email: customer.email, requests: await requestsOfCustomer(t, customer.id) };
}

/**
 * Gives the customer portal access (or renews it for their current address) and e-mails them the
 * link in the agency's name, with its white label where the plan includes it.
 */
export async function inviteToPortal(deps: Deps, actor: Actor, customerId: string): Promise<PortalStatus> {
  const customer = await tenant(deps.db, actor).transaction(async (t) => {
    const found = await ownCustomer(t, customerId);
    if (!found.email) throw badRequest(PORTAL_TEXT.noEmail);
    const values = { email: found.email, invitedBy: actor.userId, invitedAt: new Date() };
    await t
      .insert(portalAccess, { customerId: found.id, ...values })
      .onConflictDoUpdate({ target: [portalAccess.agencyId, portalAccess.customerId], set: values });
    await emit(t, actor, { type: 'portal.invited', entityId: found.id, summary: `Invited ${found.name} to the client portal` });
    return found;
  });
  const brand = await mailBrandForAgency(deps, actor.agency.id);
  const agencyName = brand?.name ?? actor.agency.name;
  sendInBackground(
    deps.mailer,
    renderMail({
      to: customer.email,
      subject: `${agencyName} invites you to its client portal`,
      greeting: `Hello ${customer.name},`,
      paragraphs: [
        `${agencyName} now has a client portal: see your policies, download your ID cards and evidence of insurance, and ask for changes, at any time.`,
        `Sign in with this e-mail address (${customer.email}). There is no password: we e-mail you a 6-digit code each time.`,
      ],
      action: { label: 'Open the client portal', url: `${deps.config.appUrl}/portal` },
      footer: `You received this e-mail because ${agencyName} invited this address to its client portal.`,
      brand: brand ?? { name: agencyName, color: '#1d4ed8', logoUrl: null, replyTo: null },
    }),
    deps.logger,
  );
  return portalStatus(deps.db, actor, customer.id);
}

/** Ends the customer's portal access; their sessions go with it (foreign key), at once. */
export async function revokePortal(db: Connection, actor: Actor, customerId: string): Promise<PortalStatus> {
  await tenant(db, actor).transaction(async (t) => {
    const customer = await ownCustomer(t, customerId);
    const gone = await t.delete(portalAccess, eq(portalAccess.customerId, customer.id)).returning({ id: portalAccess.id });
    if (gone.length) await emit(t, actor, { type: 'portal.revoked', entityId: customer.id, summary: `Revoked ${customer.name}'s client portal access` });
  });
  return portalStatus(db, actor, customerId);
}

/** The agent answers a request: its state and a reply the client reads in the portal (the entity's rules, shared with /api/v1). */
export async function answerRequest(db: Connection, actor: Actor, requestId: string, input: z.output<typeof requestAnswerSchema>): Promise<PortalRequest> {
  const row = await answerPortalRequest(db, actor, requestId, input);
  return (await requestsOfCustomer(tenant(db, actor), row.customerId)).find((r) => r.id === row.id)!;
}

/** The agent's download of a policy's ID card or evidence of insurance. */
export async function agentPolicyCard(deps: Deps, actor: Actor, policyId: string) {
  const t = tenant(deps.db, actor);
  const [policy] = await t.from(policies, eq(policies.id, policyId));
  if (!policy) throw notFound('Policy not found.');
  return policyCardPdf(deps, t, policy);
}
