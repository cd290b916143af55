// The audit log: every privileged admin route writes an entry (table-driven over app.routes), no
// route can change or delete one, and the database itself refuses UPDATE, DELETE and TRUNCATE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, blogPosts, paymentSubmissions, rateLimit, user } from '#server/db/schema.ts';
import { fileOf, PDF, PNG } from '../payments/fixtures.ts';
import { contextWith, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { audit } from './audit.ts';

let t: TestContext, superAdmin: TestUser;
beforeAll(async () => void ({ t, superAdmin } = await contextWith({ superAdmin: { role: 'super_admin' } })));
afterAll(() => t.close());

const CLIENT = '198.51.100.23';
const asSuper = (path: string, method: string, body?: unknown) =>
  t.request(path, { method, json: body, cookie: superAdmin.cookie, headers: { 'x-forwarded-for': CLIENT } });

async function entriesFor(action: string, targetId: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

async function pendingSubmission(): Promise<string> {
  const payer = await createUser(t);
  const fd = new FormData();
  const fields = { selected_tier: 'business', payment_method: 'Bank Transfer', payment_date: new Date().toISOString().slice(0, 10), agreed_to_terms: 'true' };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('receipt', fileOf(PDF, 'receipt.pdf'));
  const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: payer.cookie });
  expect(res.status).toBe(201);
  return (await json(res)).submission.id;
}

/** Routes that change something but are not privileged actions: say why. */
const NOT_AUDITED = new Map([
  ['POST /api/admin/messages/:id/read', 'marks a contact message read: inbox state, no privilege or content changes'],
  ['DELETE /api/admin/messages/:id/read', 'marks a contact message unread'],
  ['POST /api/admin/jobs/:id/retry', 're-queues a failed background job as it was enqueued: no data or privilege changes by itself; what the job writes is recorded by its feature'],
]);

interface Case {
  action: string;
  /** the route's success status when it is not 200 (a create answers 201) */
  status?: number;
  /** performs the route successfully and returns the audited target's id */
  run: () => Promise<{ res: Response; targetId: string }>;
}

const CASES: Record<string, Case> = {
  'PATCH /api/admin/users/:id': {
    action: 'user.tier_changed',
    run: async () => {
      const u = await createUser(t);
      return { res: await asSuper(`/api/admin/users/${u.id}`, 'PATCH', { subscription_tier: 'business' }), targetId: u.id };
    },
  },
  'POST /api/admin/users/:id/permissions/:permission': {
    action: 'user.permission_granted',
    run: async () => {
      const u = await createUser(t);
      return { res: await asSuper(`/api/admin/users/${u.id}/permissions/manage_team`, 'POST', {}), targetId: u.id };
    },
  },
  'DELETE /api/admin/users/:id/permissions/:permission': {
    action: 'user.permission_revoked',
    run: async () => {
      const u = await createUser(t, { permissions: ['manage_team'] });
      return { res: await asSuper(`/api/admin/users/${u.id}/permissions/manage_team`, 'DELETE'), targetId: u.id };
    },
  },
  'DELETE /api/admin/users/:id': {
    action: 'user.deleted',
    run: async () => {
      const u = await createUser(t);
      return { res: await asSuper(`/api/admin/users/${u.id}`, 'DELETE'), targetId: u.id };
    },
  },
  'POST /api/admin/payment-submissions/:id/approve': {
    action: 'payment.approved',
    run: async () => {
      const id = await pendingSubmission();
      return { res: await asSuper(`/api/admin/payment-submissions/${id}/approve`, 'POST', {}), targetId: id };
    },
  },
  'POST /api/admin/payment-submissions/:id/reject': {
    action: 'payment.rejected',
    run: async () => {
      const id = await pendingSubmission();
      return { res: await asSuper(`/api/admin/payment-submissions/${id}/reject`, 'POST', { notes: 'The receipt is unreadable.' }), targetId: id };
    },
  },
  'PUT /api/admin/platform-settings': {
    action: 'settings.changed',
    run: async () => ({
      res: await asSuper('/api/admin/platform-settings', 'PUT', {
        min_password_length: 10,
        require_admin_two_factor: false,
        session_lifetime_days: 30,
        sign_up_limit_per_hour: 10,
      }),
      targetId: '1',
    }),
  },
  'POST /api/admin/lockouts/unlock': {
    action: 'auth.unlock',
    run: async () => {
      const u = await createUser(t);
      await t.db.insert(rateLimit).values({ key: `signin:email:${u.email}`, count: 5, windowStart: Date.now() });
      return { res: await asSuper('/api/admin/lockouts/unlock', 'POST', { key: `signin:email:${u.email}` }), targetId: u.id };
    },
  },
};

let postCount = 0;
async function newPost(): Promise<string> {
  postCount += 1;
  const res = await asSuper('/api/admin/blog/posts', 'POST', { title: `Audited post ${postCount}`, slug: `audited-post-${postCount}`, summary: '', body: 'Text', author_name: '', status: 'draft' });
  expect(res.status).toBe(201);
  return (await json(res)).post.id;
}

function putCover(id: string) {
  const fd = new FormData();
  fd.append('cover', fileOf(PNG, 'cover.png', 'image/png'));
  return t.request(`/api/admin/blog-covers/${id}`, { method: 'PUT', body: fd, cookie: superAdmin.cookie, headers: { 'x-forwarded-for': CLIENT } });
}

const CONTENT_CASES: Record<string, Case> = {
  'PUT /api/admin/settings/payment-instructions': {
    action: 'settings.payment_instructions',
    run: async () => ({
      res: await asSuper('/api/admin/settings/payment-instructions', 'PUT', { bank_name: 'Audit Bank', account_details: 'IBAN X', paypal_email: '', note: '' }),
      targetId: 'payment_instructions',
    }),
  },
  'PUT /api/admin/cms/pages/:slug': {
    action: 'content.page_saved',
    run: async () => ({ res: await asSuper('/api/admin/cms/pages/about', 'PUT', { title: 'About Us', body: 'We are.', status: 'draft' }), targetId: 'about' }),
  },
  'POST /api/admin/blog/posts': {
    action: 'content.post_created',
    status: 201,
    run: async () => {
      const res = await asSuper('/api/admin/blog/posts', 'POST', { title: 'Created', slug: 'audit-created', summary: '', body: 'Text', author_name: '', status: 'draft' });
      return { res, targetId: (await json(res.clone())).post?.id ?? '' };
    },
  },
  'PUT /api/admin/blog/posts/:id': {
    action: 'content.post_updated',
    run: async () => {
      const id = await newPost();
      return { res: await asSuper(`/api/admin/blog/posts/${id}`, 'PUT', { title: 'Renamed', slug: `renamed-${id.slice(0, 8)}`, summary: '', body: 'Text', author_name: '', status: 'published' }), targetId: id };
    },
  },
  'DELETE /api/admin/blog/posts/:id': {
    action: 'content.post_deleted',
    run: async () => {
      const id = await newPost();
      return { res: await asSuper(`/api/admin/blog/posts/${id}`, 'DELETE'), targetId: id };
    },
  },
  'PUT /api/admin/blog-covers/:id': {
    action: 'content.post_cover_changed',
    run: async () => {
      const id = await newPost();
      return { res: await putCover(id), targetId: id };
    },
  },
  'DELETE /api/admin/blog-covers/:id': {
    action: 'content.post_cover_changed',
    run: async () => {
      const id = await newPost();
      await t.db.update(blogPosts).set({ coverKey: `blog-covers/${id}/none.png`, coverType: 'image/png' }).where(eq(blogPosts.id, id));
      return { res: await asSuper(`/api/admin/blog-covers/${id}`, 'DELETE'), targetId: id };
    },
  },
  'PUT /api/admin/seo/pages': {
    action: 'content.seo_saved',
    run: async () => ({ res: await asSuper('/api/admin/seo/pages', 'PUT', { path: '/pricing', title: 'Pricing for agencies' }), targetId: '/pricing' }),
  },
  'PUT /api/admin/seo/posts/:id': {
    action: 'content.seo_saved',
    run: async () => {
      const id = await newPost();
      return { res: await asSuper(`/api/admin/seo/posts/${id}`, 'PUT', { title: 'Post SEO title' }), targetId: id };
    },
  },
};
Object.assign(CASES, CONTENT_CASES);

function writeRoutes(): string[] {
  const keys = new Set<string>();
  for (const r of t.app.routes)
    if (r.path.startsWith('/api/admin/') && !['ALL', 'GET', 'HEAD', 'OPTIONS'].includes(r.method)) keys.add(`${r.method} ${r.path}`);
  return [...keys].sort();
}

describe('every privileged route writes an audit entry', () => {
  it('knows every admin write route: audited, or exempt with a reason', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const unknown = routes.filter((r) => !(r in CASES) && !NOT_AUDITED.has(r));
    expect(unknown, 'a new admin route must write an audit entry (add it to CASES) or be exempt with a reason').toEqual([]);
    for (const key of [...Object.keys(CASES), ...NOT_AUDITED.keys()]) expect(routes, `${key} is listed but no longer exists`).toContain(key);
  });

  for (const [route, c] of Object.entries(CASES))
    it(`${route} → ${c.action}, with who, from where, before and after`, async () => {
      const { res, targetId } = await c.run();
      expect(res.status, await res.clone().text()).toBe(c.status ?? 200);
      const entries = await entriesFor(c.action, targetId);
      expect(entries).toHaveLength(1);
      const [e] = entries;
      expect(e).toMatchObject({ actorId: superAdmin.id, actorEmail: superAdmin.email, ip: CLIENT });
      expect(e.before ?? e.after).not.toBeNull();
      expect(e.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    });
});

describe('what the entries say', () => {
  it('a plan change records the plan before and after; a role change records the roles', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const res = await asSuper(`/api/admin/users/${u.id}`, 'PATCH', { role: 'admin', subscription_tier: 'enterprise' });
    expect(res.status).toBe(200);
    const [tier] = await entriesFor('user.tier_changed', u.id);
    expect(tier.before).toMatchObject({ subscription_tier: 'professional', permissions: [] });
    expect(tier.after).toMatchObject({ subscription_tier: 'enterprise', subscription_status: 'active', permissions: ['manage_team'] });
    expect(tier.targetLabel).toBe(u.email);
    const [role] = await entriesFor('user.role_changed', u.id);
    expect(role).toMatchObject({ before: { role: 'user' }, after: { role: 'admin' } });
  });

  it('a refused change writes nothing (the entry is in the same transaction)', async () => {
    const other = await createUser(t, { role: 'super_admin' });
    const plainAdmin = await createUser(t, { role: 'admin' });
    const res = await t.request(`/api/admin/users/${other.id}`, { method: 'PATCH', json: { role: 'user' }, cookie: plainAdmin.cookie });
    expect(res.status).toBe(403);
    expect(await entriesFor('user.role_changed', other.id)).toHaveLength(0);
  });

  it('deleting a user keeps the entries they wrote and the ones about them, with their e-mail', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const u = await createUser(t);
    expect((await t.request(`/api/admin/users/${u.id}`, { method: 'PATCH', json: { subscription_tier: 'business' }, cookie: admin.cookie })).status).toBe(200);
    expect((await asSuper(`/api/admin/users/${admin.id}`, 'DELETE')).status).toBe(200);
    expect((await asSuper(`/api/admin/users/${u.id}`, 'DELETE')).status).toBe(200);
    const [tier] = await entriesFor('user.tier_changed', u.id);
    expect(tier).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetLabel: u.email });
    const [deleted] = await entriesFor('user.deleted', admin.id);
    expect(deleted.before).toMatchObject({ email: admin.email, role: 'admin' });
    expect(await t.db.select().from(user).where(eq(user.id, admin.id))).toHaveLength(0);
  });

  it('five failed sign-ins lock the account: one lockout entry with the client address, none for the attempts after', async () => {
    const u = await createUser(t);
    const attempt = () =>
      t.request('/api/account/sign-in', { json: { email: u.email, password: 'wrong-password' }, headers: { 'x-forwarded-for': '203.0.113.77' } });
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
    expect(await entriesFor('auth.lockout', u.id)).toHaveLength(0);
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
    const entries = await entriesFor('auth.lockout', u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, ip: '203.0.113.77', targetLabel: u.email, after: { locked: true } });
  });
});

/** The database's message for a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  return 'the statement was accepted';
}

describe('content edits keep titles, slugs and states, not bodies', () => {
  it('a post update records the slug and state before and after; the body is not in the entry', async () => {
    const id = await newPost();
    const res = await asSuper(`/api/admin/blog/posts/${id}`, 'PUT', { title: 'Long read', slug: `long-read-${id.slice(0, 8)}`, summary: '', body: 'x'.repeat(5000), author_name: '', status: 'published' });
    expect(res.status).toBe(200);
    const [e] = await entriesFor('content.post_updated', id);
    expect(e.before).toEqual({ title: expect.stringMatching(/^Audited post/), slug: expect.stringMatching(/^audited-post-/), status: 'draft' });
    expect(e.after).toEqual({ title: 'Long read', slug: `long-read-${id.slice(0, 8)}`, status: 'published' });
    expect(JSON.stringify(e)).not.toContain('xxxx');
  });

  it('a refused post (duplicate slug) writes no entry', async () => {
    const id = await newPost();
    const [taken] = await t.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, id));
    const before = await t.db.select().from(auditLog).where(eq(auditLog.action, 'content.post_created'));
    const res = await asSuper('/api/admin/blog/posts', 'POST', { title: 'Dup', slug: taken.slug, summary: '', body: 'Text', author_name: '', status: 'draft' });
    expect(res.status).toBe(409);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'content.post_created'))).toHaveLength(before.length);
  });
});

describe('the audit log cannot be edited or deleted', () => {
  it('no route changes or deletes an audit entry', async () => {
    const auditRoutes = t.app.routes.filter((r) => /audit/i.test(r.path) && r.method !== 'ALL');
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.filter((r) => ['PUT', 'PATCH', 'DELETE', 'POST'].includes(r.method)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of [`/api/admin/audit/${entry.id}`, '/api/admin/audit']) {
        const res = await asSuper(path, method, method === 'DELETE' ? undefined : { action: 'tampered' });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(after).toEqual(entry);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on audit_log, even in SQL', async () => {
    await t.db.transaction((tx) => audit(tx, { actorId: null, actorEmail: null, ip: null, action: 'settings.changed', targetType: 'test', targetId: 'sql-test' }));
    const [{ n }] = await t.db.select({ n: count() }).from(auditLog);
    expect(await refusal(t.db.execute(sql`update audit_log set action = 'tampered' where target_id = 'sql-test'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from audit_log where target_id = 'sql-test'`))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    const [{ n: still }] = await t.db.select({ n: count() }).from(auditLog);
    expect(still).toBe(n);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'sql-test'))).toHaveLength(1);
  });

  it('a payment submission row removed with its user leaves the decision entry', async () => {
    const id = await pendingSubmission();
    expect((await asSuper(`/api/admin/payment-submissions/${id}/approve`, 'POST', {})).status).toBe(200);
    const [row] = await t.db.select({ userId: paymentSubmissions.userId }).from(paymentSubmissions).where(eq(paymentSubmissions.id, id));
    expect((await asSuper(`/api/admin/users/${row.userId}`, 'DELETE')).status).toBe(200);
    expect(await entriesFor('payment.approved', id)).toHaveLength(1);
  });
});
