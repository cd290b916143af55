import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_TEXT } from '#shared/contact.ts';
import { contactMessages, rateLimit } from '#server/db/schema.ts';
import { CORRECT_FIELDS } from '#server/http.ts';
import { createTestContext, json, waitForMail, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { SUPPORT_EMAIL: 'help@policydesk.test' } });
});
afterAll(async () => {
  await t.close();
});

let clientSeq = 0;
/** Each request from its own client address unless told otherwise, so the limit stays out of the way. */
function send(body: Record<string, unknown>, client = `10.9.${Math.floor(clientSeq / 250)}.${clientSeq++ % 250}`) {
  return t.request('/api/contact', { json: body, headers: { 'x-forwarded-for': client } });
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  email: 'Dana.Whitfield@Example.com',
  company: 'Whitfield Brokers',
  contactReason: 'sales',
  subject: 'Pricing for a team of 8',
  message: 'Hello,\n\nWe would like a quote for eight agents.',
  ...over,
});

async function storedBySubject(subject: string) {
  return t.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
}

describe('POST /api/contact', () => {
  it('stores the message and e-mails support with replyTo the sender', async () => {
    const res = await send(valid());
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ ok: true });
    const [row] = await storedBySubject('Pricing for a team of 8');
    expect(row).toMatchObject({
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example.com',
      company: 'Whitfield Brokers',
      contactReason: 'sales',
      message: 'Hello,\n\nWe would like a quote for eight agents.',
      readAt: null,
    });
    const mail = await waitForMail(t, 'help@policydesk.test', /Pricing for a team of 8/);
    expect(mail.subject).toBe('[Contact: Sales inquiry] Pricing for a team of 8');
    expect(mail.replyTo).toBe('dana.whitfield@example.com');
    expect(mail.text).toContain('From: Dana Whitfield <dana.whitfield@example.com>');
    expect(mail.text).toContain('Company: Whitfield Brokers');
    expect(mail.text).toContain('We would like a quote for eight agents.');
    // the sender's text is escaped in the HTML part
    await send(valid({ subject: 'Script test', message: '<script>alert(1)</script>' }));
    const html = (await waitForMail(t, 'help@policydesk.test', /Script test/)).html;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('accepts a message without a company and keeps a subject on one line', async () => {
    const res = await send(valid({ company: '', contactReason: 'support', subject: 'Two\nlines' }));
    expect(res.status).toBe(201);
    const [row] = await storedBySubject('Two\nlines');
    expect(row.company).toBeNull();
    const mail = await waitForMail(t, 'help@policydesk.test', /Two lines/);
    expect(mail.subject).toBe('[Contact: Technical support] Two lines');
  });

  it('answers every validation message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', CONTACT_TEXT.nameRequired],
      [{ name: undefined }, 'name', CONTACT_TEXT.nameRequired],
      [{ email: '' }, 'email', CONTACT_TEXT.emailRequired],
      [{ email: 'dana@nowhere' }, 'email', 'Please enter a valid email address.'],
      [{ contactReason: '' }, 'contactReason', CONTACT_TEXT.reasonRequired],
      [{ contactReason: 'lawsuit' }, 'contactReason', CONTACT_TEXT.reasonRequired],
      [{ subject: '' }, 'subject', CONTACT_TEXT.subjectRequired],
      [{ message: ' ' }, 'message', CONTACT_TEXT.messageRequired],
      [{ message: 'x'.repeat(5001) }, 'message', CONTACT_TEXT.messageTooLong],
    ];
    for (const [over, field, message] of cases) {
      const res = await send(valid({ ...over, subject: over.subject ?? `invalid ${field}` }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).toBe(message);
      expect(body.error.fields).toEqual({ [field]: message });
    }
    expect(await storedBySubject('invalid name')).toHaveLength(0);

    const empty = await send({});
    expect(empty.status).toBe(400);
    const body = await json(empty);
    expect(body.error.message).toBe(CORRECT_FIELDS);
    expect(body.error.fields).toEqual({
      name: CONTACT_TEXT.nameRequired,
      email: CONTACT_TEXT.emailRequired,
      contactReason: CONTACT_TEXT.reasonRequired,
      subject: CONTACT_TEXT.subjectRequired,
      message: CONTACT_TEXT.messageRequired,
    });
  });

  it('drops a message whose honeypot is filled in, answering as if it were sent', async () => {
    const before = t.mail.sent.length;
    const res = await send(valid({ subject: 'Cheap pills', website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ ok: true });
    expect(await storedBySubject('Cheap pills')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mail.sent.slice(before).some((m) => m.subject.includes('Cheap pills'))).toBe(false);
  });

  it('limits each client to 5 messages an hour with 429, leaving other clients alone', async () => {
    const client = '10.77.0.1';
    for (let i = 1; i <= 5; i++) expect((await send(valid({ subject: `limit ${i}` }), client)).status).toBe(201);
    const res = await send(valid({ subject: 'limit 6' }), client);
    expect(res.status).toBe(429);
    const body = await json(res);
    expect(body.error).toEqual({ code: 'RATE_LIMITED', message: CONTACT_TEXT.tooMany });
    expect(await storedBySubject('limit 6')).toHaveLength(0);
    const [counter] = await t.db.select().from(rateLimit).where(eq(rateLimit.key, `contact:ip:${client}`));
    expect(counter.count).toBe(6);
    // a bot filling the honeypot from that client is refused as well
    expect((await send(valid({ subject: 'bot', website: 'x' }), client)).status).toBe(429);
    expect((await send(valid({ subject: 'other client' }), '10.77.0.2')).status).toBe(201);
  });

  it('refuses a cross-site post (CSRF) and a body that is not JSON', async () => {
    const cross = await t.request('/api/contact', { json: valid({ subject: 'cross' }), headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect(await storedBySubject('cross')).toHaveLength(0);
    const bad = await t.request('/api/contact', { body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('INVALID_JSON');
  });
});
