import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PAYMENT_TEXT } from '#shared/payments.ts';
import { RECEIPT_MAX_BYTES } from '#shared/files.ts';
import { paymentSubmissions, storedFiles, user, userPermissions } from '#server/db/schema.ts';
import { createTestContext, createUser, json, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXE, fileOf, HTML, JPEG, PDF, pdfOfSize, PNG } from './fixtures.ts';

let t: TestContext;
let admin: TestUser;
let admin2: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await createUser(t, { role: 'admin' });
  admin2 = await createUser(t, { role: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

function form(fields: Record<string, string | undefined>, file?: File | File[]) {
  const fd = new FormData();
  const base: Record<string, string | undefined> = {
    selected_tier: 'business',
    payment_method: 'Bank Transfer',
    transaction_reference: 'TX-123',
    payment_date: today(),
    notes: 'Paid from the agency account',
    agreed_to_terms: 'true',
    ...fields,
  };
  for (const [k, v] of Object.entries(base)) if (v !== undefined) fd.append(k, v);
  for (const f of Array.isArray(file) ? file : file ? [file] : []) fd.append('receipt', f);
  return fd;
}

const submit = (u: TestUser, body: FormData) => t.request('/api/payment-submissions', { method: 'POST', body, cookie: u.cookie });

async function submitOk(u: TestUser, fields: Record<string, string> = {}) {
  const res = await submit(u, form(fields, fileOf(PDF, 'receipt.pdf')));
  expect(res.status).toBe(201);
  return (await json(res)).submission;
}

function filesOnDisk(userId: string): string[] {
  const dir = path.join(t.config.DATA_DIR, 'files', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('payment submission', () => {
  it('stores the receipt under the user id, a timestamp and a clean name, and creates a Pending submission', async () => {
    const u = await createUser(t);
    const res = await submit(u, form({}, fileOf(PDF, 'My Receipt (May).pdf')));
    expect(res.status).toBe(201);
    const { submission } = await json(res);
    expect(submission).toMatchObject({
      user_id: u.id,
      selected_tier: 'business',
      payment_method: 'Bank Transfer',
      transaction_reference: 'TX-123',
      payment_date: today(),
      notes: 'Paid from the agency account',
      status: 'Pending',
      verified_by: null,
      verified_at: null,
      receipt_file: { file_name: 'My Receipt _May_.pdf', content_type: 'application/pdf', size: PDF.length },
    });
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, submission.receipt_file.id));
    expect(file.storageKey).toMatch(new RegExp(`^${u.id}/\\d{13}-[0-9a-f]{6}-0-My Receipt _May_\\.pdf$`));
    expect(filesOnDisk(u.id)).toHaveLength(1);
    // the plan does not change before an admin approves
    const [row] = await t.db.select().from(user).where(eq(user.id, u.id));
    expect(row.subscriptionTier).toBe('starter');
  });

  it('ignores user_id, status, verified_by and verified_at sent in the request', async () => {
    const u = await createUser(t);
    const victim = await createUser(t);
    const res = await submit(
      u,
      form({ user_id: victim.id, status: 'Approved', verified_by: admin.id, verified_at: '2024-01-01T00:00:00Z' }, fileOf(PNG, 'r.png', 'image/png')),
    );
    expect(res.status).toBe(201);
    const { submission } = await json(res);
    expect(submission).toMatchObject({ user_id: u.id, status: 'Pending', verified_by: null, verified_at: null });
    expect(await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.userId, victim.id))).toHaveLength(0);
  });

  it('decides the type by content: a .pdf holding an executable or HTML is refused, a .pdf holding a PNG is a PNG', async () => {
    const u = await createUser(t);
    for (const bytes of [EXE, HTML]) {
      const res = await submit(u, form({}, fileOf(bytes, 'invoice.pdf')));
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: PAYMENT_TEXT.invalidFile, fields: { receipt: PAYMENT_TEXT.invalidFile } });
    }
    // GIF is fine for client receipts but not for upgrades
    const gif = await submit(u, form({}, fileOf(new TextEncoder().encode('GIF89a....'), 'a.gif', 'image/gif')));
    expect((await json(gif)).error.message).toBe(PAYMENT_TEXT.invalidFile);
    const res = await submit(u, form({}, fileOf(PNG, 'scan.pdf', 'application/pdf')));
    expect(res.status).toBe(201);
    expect((await json(res)).submission.receipt_file).toMatchObject({ content_type: 'image/png', file_name: 'scan.pdf.png' });
    const jpg = await submit(u, form({}, fileOf(JPEG, 'photo.jpeg', 'image/jpeg')));
    expect((await json(jpg)).submission.receipt_file).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpeg' });
    expect(await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.userId, u.id))).toHaveLength(2);
    expect(filesOnDisk(u.id)).toHaveLength(2);
  });

  it('refuses an empty file, a file of 5 MB + 1 byte, and a missing receipt; accepts exactly 5 MB', async () => {
    const u = await createUser(t);
    let res = await submit(u, form({}, fileOf(new Uint8Array(0), 'empty.pdf')));
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(PAYMENT_TEXT.invalidFile);
    res = await submit(u, form({}, fileOf(pdfOfSize(RECEIPT_MAX_BYTES + 1), 'big.pdf')));
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'FILE_TOO_LARGE', message: PAYMENT_TEXT.tooLarge });
    // far beyond the limit: the body limit answers before anything is read
    res = await submit(u, form({}, fileOf(pdfOfSize(RECEIPT_MAX_BYTES * 2), 'huge.pdf')));
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(PAYMENT_TEXT.tooLarge);
    res = await submit(u, form({}));
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'RECEIPT_REQUIRED', message: PAYMENT_TEXT.receipt });
    expect(filesOnDisk(u.id)).toHaveLength(0);
    res = await submit(u, form({}, fileOf(pdfOfSize(RECEIPT_MAX_BYTES), 'exact.pdf')));
    expect(res.status).toBe(201);
  });

  it('sanitises ../ out of names and refuses NUL in them', async () => {
    const u = await createUser(t);
    let res = await submit(u, form({}, fileOf(PDF, '../../../etc/passwd.pdf')));
    expect(res.status).toBe(201);
    const { submission } = await json(res);
    expect(submission.receipt_file.file_name).toBe('passwd.pdf');
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, submission.receipt_file.id));
    expect(file.storageKey.startsWith(`${u.id}/`)).toBe(true);
    expect(file.storageKey).not.toContain('..');
    res = await submit(u, form({}, fileOf(PDF, '..\\..\\boot.ini.pdf')));
    expect((await json(res)).submission.receipt_file.file_name).toBe('boot.ini.pdf');
    res = await submit(u, form({}, fileOf(PDF, 'evil\u0000.exe.pdf')));
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(PAYMENT_TEXT.invalidFile);
  });

  it('answers each field rule with its text', async () => {
    const u = await createUser(t);
    const pdf = () => fileOf(PDF, 'r.pdf');
    let res = await submit(u, form({ agreed_to_terms: undefined }, pdf()));
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.agreed_to_terms).toBe(PAYMENT_TEXT.terms);
    res = await submit(u, form({ selected_tier: 'starter' }, pdf()));
    expect((await json(res)).error.fields.selected_tier).toBe(PAYMENT_TEXT.tierRequired);
    res = await submit(u, form({ selected_tier: undefined }, pdf()));
    expect((await json(res)).error.fields.selected_tier).toBe(PAYMENT_TEXT.tierRequired);
    res = await submit(u, form({ payment_method: 'Bitcoin' }, pdf()));
    expect((await json(res)).error.fields.payment_method).toBe(PAYMENT_TEXT.methodRequired);
    res = await submit(u, form({ payment_date: '2024-02-30' }, pdf()));
    expect((await json(res)).error.fields.payment_date).toBe(PAYMENT_TEXT.dateRequired);
    res = await submit(u, form({ payment_date: '2999-01-01' }, pdf()));
    expect((await json(res)).error.fields.payment_date).toBe(PAYMENT_TEXT.dateInFuture);
    res = await t.request('/api/payment-submissions', { json: { selected_tier: 'business' }, cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.userId, u.id))).toHaveLength(0);
    expect(filesOnDisk(u.id)).toHaveLength(0);
    expect((await t.request('/api/payment-submissions', { method: 'POST', body: form({}, pdf()) })).status).toBe(401);
  });

  it('keeps no receipt when the submission cannot be written', async () => {
    const u = await createUser(t);
    const original = t.deps.db.transaction.bind(t.deps.db);
    (t.deps.db as { transaction: unknown }).transaction = async () => {
      throw new Error('database down');
    };
    try {
      const res = await submit(u, form({}, fileOf(PDF, 'r.pdf')));
      expect(res.status).toBe(500);
    } finally {
      (t.deps.db as { transaction: unknown }).transaction = original;
    }
    expect(filesOnDisk(u.id)).toHaveLength(0);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, u.id))).toHaveLength(0);
  });
});

describe('billing history', () => {
  it('lists only the own submissions, newest first; another user cannot read one', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const first = await submitOk(u, { selected_tier: 'professional' });
    const second = await submitOk(u, { selected_tier: 'enterprise' });
    await submitOk(other);
    const res = await t.request('/api/payment-submissions', { cookie: u.cookie });
    const { rows } = await json(res);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    expect((await t.request(`/api/payment-submissions/${first.id}`, { cookie: u.cookie })).status).toBe(200);
    expect((await t.request(`/api/payment-submissions/${first.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request('/api/payment-submissions/not-a-uuid', { cookie: u.cookie })).status).toBe(404);
  });
});

describe('signed receipt links', () => {
  it('gives the owner and admins a 300 s link bound to the user; others get 404; guessed, foreign or expired links fail', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const s = await submitOk(u);
    const fileId = s.receipt_file.id;
    let res = await t.request(`/api/files/${fileId}/link`, { cookie: u.cookie });
    expect(res.status).toBe(200);
    const link = await json(res);
    const ttl = (new Date(link.expiresAt).getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
    expect(link.url).toMatch(new RegExp(`^/api/files/${fileId}/content\\?expires=\\d+&sig=`));

    res = await t.request(link.url, { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);

    // another user: no link, and the owner's link is useless to them
    expect((await t.request(`/api/files/${fileId}/link`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(link.url, { cookie: other.cookie })).status).toBe(403);
    expect((await t.request(link.url)).status).toBe(401);
    // guessed signature, tampered expiry, missing parts
    expect((await t.request(`/api/files/${fileId}/content?expires=9999999999&sig=abc`, { cookie: u.cookie })).status).toBe(403);
    expect((await t.request(link.url.replace(/expires=\d+/, 'expires=9999999999'), { cookie: u.cookie })).status).toBe(403);
    expect((await t.request(`/api/files/${fileId}/content`, { cookie: u.cookie })).status).toBe(403);
    expect((await t.request('/api/files/not-a-uuid/link', { cookie: u.cookie })).status).toBe(404);
    expect((await t.request('/api/files/00000000-0000-4000-8000-000000000000/link', { cookie: u.cookie })).status).toBe(404);

    // admins may open it (the payment-verification preview)
    res = await t.request(`/api/files/${fileId}/link`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const adminLink = await json(res);
    expect((await t.request(adminLink.url, { cookie: admin.cookie })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const u = await createUser(t);
    const s = await submitOk(u);
    const { signFileLink } = await import('#server/files.ts');
    const past = Math.floor(Date.now() / 1000) - 1;
    const url = signFileLink(t.config.authSecret, s.receipt_file.id, u.id, past);
    const res = await t.request(url, { cookie: u.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('LINK_EXPIRED');
  });
});

describe('payment verification', () => {
  const approve = (by: TestUser, id: string, notes?: string) =>
    t.request(`/api/admin/payment-submissions/${id}/approve`, { json: notes ? { notes } : {}, cookie: by.cookie });
  const reject = (by: TestUser, id: string, notes?: string) =>
    t.request(`/api/admin/payment-submissions/${id}/reject`, { json: notes === undefined ? {} : { notes }, cookie: by.cookie });

  it('lists with the submitter, filtered by status (default Pending) and tier', async () => {
    const u = await createUser(t, { name: 'Sam Submitter' });
    // a second user: one user has at most one Pending submission
    const u2 = await createUser(t, { name: 'Sam Submitter' });
    const s1 = await submitOk(u, { selected_tier: 'professional' });
    const s2 = await submitOk(u2, { selected_tier: 'enterprise' });
    let body = await json(await t.request('/api/admin/payment-submissions', { cookie: admin.cookie }));
    expect(body.rows.every((r: { status: string }) => r.status === 'Pending')).toBe(true);
    const row = body.rows.find((r: { id: string }) => r.id === s1.id);
    expect(row).toMatchObject({ first_name: 'Sam', last_name: 'Submitter', email: u.email, selected_tier: 'professional' });
    body = await json(await t.request('/api/admin/payment-submissions?tier=enterprise', { cookie: admin.cookie }));
    expect(body.rows.map((r: { id: string }) => r.id)).toContain(s2.id);
    expect(body.rows.map((r: { id: string }) => r.id)).not.toContain(s1.id);
    await reject(admin, s1.id, 'Blurry');
    body = await json(await t.request('/api/admin/payment-submissions?status=Rejected', { cookie: admin.cookie }));
    expect(body.rows.map((r: { id: string }) => r.id)).toContain(s1.id);
    body = await json(await t.request('/api/admin/payment-submissions?status=all', { cookie: admin.cookie }));
    expect(body.rows.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([s1.id, s2.id]));
  });

  it('approval sets the plan and status active, records the verifier and e-mails the user; enterprise grants manage_team', async () => {
    const u = await createUser(t);
    await t.db.update(user).set({ subscriptionTier: 'business', subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() - 1000) }).where(eq(user.id, u.id));
    let me = await json(await t.request('/api/me', { cookie: u.cookie }));
    expect(me.profile.effective_tier).toBe('starter');
    const s = await submitOk(u, { selected_tier: 'enterprise' });
    const res = await approve(admin, s.id, 'Thanks!');
    expect(res.status).toBe(200);
    const { submission } = await json(res);
    expect(submission).toMatchObject({ status: 'Approved', verified_by: admin.id, admin_notes: 'Thanks!' });
    expect(submission.verified_at).toBeTruthy();
    me = await json(await t.request('/api/me', { cookie: u.cookie }));
    expect(me.profile).toMatchObject({ subscription_tier: 'enterprise', effective_tier: 'enterprise', subscription_status: 'active', trial_ends_at: null });
    expect(me.permissions).toEqual(['manage_team']);
    const perms = await t.db.select().from(userPermissions).where(eq(userPermissions.userId, u.id));
    expect(perms[0].grantedBy).toBe(admin.id);
    const mail = await waitForMail(t, u.email, /Enterprise plan is active/);
    expect(mail.text).toContain('Thanks!');
  });

  it('rejection needs notes, keeps the plan and e-mails the notes', async () => {
    const u = await createUser(t);
    const s = await submitOk(u);
    let res = await reject(admin, s.id);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.notes).toBe(PAYMENT_TEXT.rejectNotesRequired);
    res = await reject(admin, s.id, 'The reference does not match our bank statement.');
    expect(res.status).toBe(200);
    expect((await json(res)).submission).toMatchObject({ status: 'Rejected', admin_notes: 'The reference does not match our bank statement.', verified_by: admin.id });
    const [row] = await t.db.select().from(user).where(eq(user.id, u.id));
    expect(row.subscriptionTier).toBe('starter');
    const mail = await waitForMail(t, u.email, /not approved/);
    expect(mail.text).toContain('The reference does not match our bank statement.');
    const history = await json(await t.request('/api/payment-submissions', { cookie: u.cookie }));
    expect(history.rows[0]).toMatchObject({ status: 'Rejected', admin_notes: 'The reference does not match our bank statement.' });
  });

  it('only Pending can be decided: approving twice or approving a Rejected one is 409', async () => {
    const u = await createUser(t);
    const s = await submitOk(u, { selected_tier: 'professional' });
    expect((await approve(admin, s.id)).status).toBe(200);
    let res = await approve(admin, s.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(PAYMENT_TEXT.alreadyDecided);
    const r = await submitOk(u, { selected_tier: 'enterprise' });
    expect((await reject(admin, r.id, 'No')).status).toBe(200);
    res = await approve(admin, r.id);
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(user).where(eq(user.id, u.id));
    expect(row.subscriptionTier).toBe('professional');
    expect((await approve(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await approve(admin, 'nope')).status).toBe(404);
  });

  it('two admins deciding at once: exactly one wins', async () => {
    const u = await createUser(t);
    const s = await submitOk(u, { selected_tier: 'business' });
    const results = await Promise.all([approve(admin, s.id), reject(admin2, s.id, 'Duplicate'), approve(admin2, s.id)]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(2);
    const [row] = await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.id, s.id));
    expect(['Approved', 'Rejected']).toContain(row.status);
  });

  it('a non-admin can neither list nor decide', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const s = await submitOk(u);
    for (const res of [
      await t.request('/api/admin/payment-submissions', { cookie: u.cookie }),
      await approve(u, s.id),
      await reject(u, s.id, 'x'),
    ]) {
      expect(res.status).toBe(403);
      expect((await json(res)).error.message).toBe('Permission denied');
    }
    const [row] = await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.id, s.id));
    expect(row.status).toBe('Pending');
  });
});
