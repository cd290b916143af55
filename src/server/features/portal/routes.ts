// /api/portal/*: the client portal's door (a client session, never an agency user's), and the
// agent's portal routes on customers and policies (an agency session with the portal's plan).
import { Hono, type Context } from 'hono';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import {
  changeRequestSchema,
  PORTAL_TEXT,
  portalChooseSchema,
  portalEmailSchema,
  portalVerifySchema,
  requestAnswerSchema,
  shareDocumentSchema,
  type PortalMe,
} from '#shared/portal.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { tooMany } from '#server/errors.ts';
import { clientAddress, idParam, readJson } from '#server/http.ts';
import { renderMail, runInBackground } from '#server/mail.ts';
import { brandForAgency, mailBrandForAgency } from '#server/platform/brand.ts';
import { consume, type RateRule } from '#server/rate-limit.ts';
import { serveStoredFile } from '#server/platform/serve-file.ts';
import { tenant } from '#server/tenant.ts';
import { agentPolicyCard, answerRequest, inviteToPortal, portalStatus, revokePortal } from './agent.ts';
import { pdfHeaders, policyCardPdf } from './cards.ts';
import { clientDocument, listClientDocuments, setDocumentShared } from './documents.ts';
import { agentThreadRoutes, clientThreadRoutes } from './thread-routes.ts';
import { agentSignatureRoutes, clientSignatureRoutes } from './signature-routes.ts';
import { clientPolicy, createChangeRequest, listClientPolicies, listClientRequests } from './service.ts';
import {
  accessesOf,
  checkCode,
  chooseAgency,
  choicesOf,
  clientOf,
  endSession,
  issueCode,
  requirePortalSession,
  startSession,
  type PortalEnv,
} from './session.ts';

/** Per address and per client address: a code can't be asked for (or guessed) in bulk. */
export const PORTAL_RATE_RULES = {
  codePerEmail: { limit: 5, windowMs: 15 * 60_000 },
  codePerClient: { limit: 20, windowMs: 15 * 60_000 },
  verifyPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  verifyPerClient: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;

async function limit(c: Context<AppEnv>, key: string, rule: RateRule) {
  if (!(await consume(c.var.deps.db, key, rule))) throw tooMany(PORTAL_TEXT.tooMany);
}

export function portalRoutes() {
  const r = new Hono<AppEnv>();

  // ---- the client's sign-in: the same answer whether or not the address is a client
  r.post('/portal/auth/code', async (c) => {
    const { email } = await readJson(c, portalEmailSchema);
    await limit(c, `portal-code:email:${email}`, PORTAL_RATE_RULES.codePerEmail);
    await limit(c, `portal-code:client:${clientAddress(c)}`, PORTAL_RATE_RULES.codePerClient);
    const { deps } = c.var;
    const accesses = await accessesOf(deps.db, email);
    // the code and its mail are made after the answer, so a known address answers no slower than an unknown one
    if (accesses.length)
      runInBackground(
        async () => {
          const code = await issueCode(deps, email);
          // one agency: its name and brand; several: the platform's, naming none of them
          const brand = accesses.length === 1 ? await mailBrandForAgency(deps, accesses[0].agencyId) : null;
          const from = accesses.length === 1 ? (brand?.name ?? accesses[0].agencyName) : 'Your agency';
          await deps.mailer.send(
            renderMail({
              to: email,
              subject: `Your sign-in code: ${code}`,
              paragraphs: [`Your code to sign in to the client portal of ${from} is ${code}.`, 'It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.'],
              footer: 'You received this e-mail because someone asked for a sign-in code for this address.',
              brand: brand ?? (accesses.length === 1 ? { name: from, color: '#1d4ed8', logoUrl: null, replyTo: null } : null),
            }),
          );
        },
        deps.logger,
        'portal sign-in code',
      );
    return c.json({ message: PORTAL_TEXT.codeSent });
  });

  r.post('/portal/auth/verify', async (c) => {
    const input = await readJson(c, portalVerifySchema);
    await limit(c, `portal-verify:email:${input.email}`, PORTAL_RATE_RULES.verifyPerEmail);
    await limit(c, `portal-verify:client:${clientAddress(c)}`, PORTAL_RATE_RULES.verifyPerClient);
    await checkCode(c.var.deps, input.email, input.code);
    const accesses = await accessesOf(c.var.deps.db, input.email);
    await startSession(c, input.email, accesses.length === 1 ? accesses[0].accessId : null, input.remember);
    return c.json({ agencies: choicesOf(accesses), chosen: accesses.length === 1 });
  });

  r.post('/portal/auth/sign-out', async (c) => {
    await endSession(c);
    return c.json({ message: PORTAL_TEXT.signedOut });
  });

  // ---- everything else needs a client session
  const p = new Hono<PortalEnv>();
  p.use('*', requirePortalSession);

  p.get('/me', async (c) => {
    const { deps } = c.var;
    const session = c.var.portal;
    const client = session.client;
    const brand = client ? await brandForAgency(deps.db, client.agency.id) : null;
    const body: PortalMe = {
      email: session.email,
      agency: client
        ? {
            id: client.agency.id,
            name: brand?.name ?? client.agency.name,
            color: brand?.color ?? '#1d4ed8',
            logo_url: brand?.logo_url ?? null,
            support_email: brand?.support_email ?? null,
            support_phone: brand?.support_phone ?? null,
          }
        : null,
      customer: client ? { name: client.customerName } : null,
      agencies: choicesOf(await accessesOf(deps.db, session.email)),
    };
    return c.json(body);
  });

  p.post('/auth/choose', async (c) => {
    const { agency_id } = await readJson(c as unknown as Context<AppEnv>, portalChooseSchema);
    await chooseAgency(c.var.deps.db, c.var.portal, agency_id);
    return c.json({ ok: true });
  });

  p.get('/policies', async (c) => c.json({ policies: await listClientPolicies(c.var.deps.db, clientOf(c)) }));

  p.get('/policies/:id/card', async (c) => {
    const client = clientOf(c);
    const id = idParam(c as unknown as Context<AppEnv>, 'id', PORTAL_TEXT.policyNotFound);
    const t = tenant(c.var.deps.db, client);
    const policy = await clientPolicy(t, client, id);
    const { bytes, fileName } = await policyCardPdf(c.var.deps, t, policy);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(fileName, c.req.query('download') === '1'));
  });

  p.get('/requests', async (c) => c.json({ requests: await listClientRequests(c.var.deps.db, clientOf(c)) }));

  p.post('/requests', async (c) => {
    const client = clientOf(c);
    const input = await readJson(c as unknown as Context<AppEnv>, changeRequestSchema);
    return c.json({ request: await createChangeRequest(c.var.deps.db, client, input), message: PORTAL_TEXT.requestSent }, 201);
  });

  p.get('/documents', async (c) => c.json({ documents: await listClientDocuments(c.var.deps.db, clientOf(c)) }));

  // the bytes of a shared document, after the client session and the sharing were checked again
  p.get('/documents/:id', async (c) => {
    const { deps } = c.var;
    const doc = await clientDocument(deps.db, clientOf(c), idParam(c as unknown as Context<AppEnv>, 'id', PORTAL_TEXT.documentNotFound));
    const how = c.req.query('download') === '1' ? 'attachment' : 'inline';
    return serveStoredFile(c, deps.storage, doc, how, { expiresIn: 60, missing: PORTAL_TEXT.documentNotFound });
  });

  clientThreadRoutes(p);
  clientSignatureRoutes(p);
  r.route('/portal', p as unknown as Hono<AppEnv>);
  agentThreadRoutes(r);
  agentSignatureRoutes(r);

  // the Documents card's "Shared with client" toggle
  r.use('/documents/:id/shared', requireFeature('client-portal'));
  r.put('/documents/:id/shared', async (c) => {
    const { shared } = await readJson(c, shareDocumentSchema);
    const result = await setDocumentShared(c.var.deps.db, c.var.actor, idParam(c, 'id', PORTAL_TEXT.documentNotFound), shared);
    return c.json({ ...result, message: shared ? PORTAL_TEXT.shared : PORTAL_TEXT.unshared });
  });

  // ---- the agent's side (Business and above)
  r.use('/customers/:id/portal', requireFeature('client-portal'));
  r.use('/customers/:id/portal/*', requireFeature('client-portal'));
  r.get('/customers/:id/portal', async (c) => c.json(await portalStatus(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))));
  r.post('/customers/:id/portal/invite', async (c) =>
    c.json({ ...(await inviteToPortal(c.var.deps, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))), message: PORTAL_TEXT.invited }),
  );
  r.post('/customers/:id/portal/revoke', async (c) =>
    c.json({ ...(await revokePortal(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))), message: PORTAL_TEXT.revoked }),
  );

  r.use('/portal-requests/:id', requireFeature('client-portal'));
  r.patch('/portal-requests/:id', async (c) => {
    const input = await readJson(c, requestAnswerSchema);
    return c.json({ request: await answerRequest(c.var.deps.db, c.var.actor, idParam(c, 'id', PORTAL_TEXT.requestNotFound), input) });
  });

  r.use('/policies/:id/card', requireFeature('client-portal'));
  r.get('/policies/:id/card', async (c) => {
    const { bytes, fileName } = await agentPolicyCard(c.var.deps, c.var.actor, idParam(c, 'id', 'Policy not found.'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(fileName, c.req.query('download') === '1'));
  });

  return r;
}
