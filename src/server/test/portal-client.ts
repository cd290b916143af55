// The client portal's test steps, for its API tests (portal*.test.ts): invite a customer, sign the
// client in with the e-mailed code, upload a document as the agent or the client.
import { expect } from 'vitest';
import { createCustomer } from './factories.ts';
import { json, twoAgencies, waitForMail, type TestContext, type TestUser } from './harness.ts';

export function portalSteps(t: TestContext) {
  let ip = 0;
  /** each call its own client address, so the per-address limits of one test don't reach another */
  const nextIp = () => `203.0.113.${++ip}`;

  const post = (path: string, body: unknown, opts: { cookie?: string; ip?: string } = {}) =>
    t.request(path, { json: body, cookie: opts.cookie, headers: { 'x-forwarded-for': opts.ip ?? nextIp() } });

  async function invitedCustomer(u: TestUser, email: string, name = 'Pat Client') {
    const customer = await createCustomer(t.request, u.cookie, { name, email });
    const res = await t.request(`/api/customers/${customer.id}/portal/invite`, { method: 'POST', cookie: u.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return customer;
  }

  async function codeFor(email: string, ip: string): Promise<string> {
    t.mail.sent.length = 0;
    const res = await post('/api/portal/auth/code', { email }, { ip });
    expect(res.status).toBe(200);
    const mail = await waitForMail(t, email, /sign-in code/);
    return /(\d{6})/.exec(mail.subject)![1];
  }

  /** Signs the client in; returns the portal cookie. */
  async function signInClient(email: string, opts: { remember?: boolean } = {}): Promise<string> {
    const ip = nextIp();
    const code = await codeFor(email, ip);
    const res = await post('/api/portal/auth/verify', { email, code, remember: opts.remember ?? false }, { ip });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** A multipart upload of one file (the agent's /api/documents/upload or the client's /api/portal/documents/upload). */
  function uploadFile(path: string, cookie: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}, type = 'application/pdf') {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new File([bytes as BlobPart], name, { type }));
    return t.request(path, { method: 'POST', body: fd, cookie });
  }

  /** The agent uploads a document; returns its id. */
  async function agentUpload(cookie: string, fields: Record<string, string>, name: string, bytes: Uint8Array = MINIMAL_PDF): Promise<string> {
    const res = await uploadFile('/api/documents/upload', cookie, bytes, name, fields);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).document.id;
  }

  return { nextIp, post, invitedCustomer, codeFor, signInClient, uploadFile, agentUpload, get: (path: string, cookie: string) => t.request(path, { cookie }) };
}

/** The smallest bytes the platform's detector takes for a PDF. */
export const MINIMAL_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** The portal tests' world: a context and its steps, an agency on Business (`agent`) and another one (`otherAgency`). */
export async function portalWorld() {
  const { t, agent, other } = await twoAgencies();
  return { t, steps: portalSteps(t), agent, otherAgency: other };
}
