// White label (issue 15): the shared schema's messages, the logo's content checks (an SVG made inert,
// an HTML page named .png refused, 1 MB), who may edit, what members see, tenant isolation, the
// downgrade, and the brand on the invitation e-mail and page.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { BRANDING_TEXT, LOGO_MAX_BYTES } from '#shared/branding.ts';
import { INVALID_EMAIL } from '#shared/validation.ts';
import { addDays } from '#shared/time.ts';
import { agencyBranding, policies, user } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { runDigest } from '../renewals/digest.ts';
import { createTestContext, createUser, json, linkIn, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { inviteAndAccept } from '#server/test/team.ts';

let t: TestContext;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
let business: TestUser;
let png: Buffer;
let jpeg: Buffer;

const join = (who: TestUser, role: 'team_member' | 'admin') => inviteAndAccept(t, owner, who, role);

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Acme Insurance' });
  admin = await createUser(t);
  member = await createUser(t);
  other = await createUser(t, { tier: 'enterprise', company: 'Other Agency' });
  business = await createUser(t, { tier: 'business' });
  await join(admin, 'admin');
  await join(member, 'team_member');
  png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0f766e' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#123456' } }).jpeg().toBuffer();
});
afterAll(() => t.close());

const valid = { display_name: 'Acme Insurance', primary_color: '#0f766e', support_email: 'Help@Acme.test', support_phone: '+1 555 0100' };
const save = (body: unknown, who = owner) => t.request('/api/branding', { method: 'PUT', json: body, cookie: who.cookie });
const current = async (who: TestUser) => (await json(await t.request('/api/branding/current', { cookie: who.cookie }))).brand;

function uploadLogo(bytes: Uint8Array | string, name: string, type = 'image/png', who = owner) {
  const form = new FormData();
  form.append('logo', new File([bytes as BlobPart], name, { type }));
  return t.request('/api/branding/logo', { method: 'PUT', body: form, cookie: who.cookie });
}

describe('saving the brand', () => {
  it('saves with the optional contacts filled, and every member reads it', async () => {
    const res = await save(valid);
    expect(res.status).toBe(200);
    const { branding } = await json(res);
    expect(branding).toMatchObject({ display_name: 'Acme Insurance', primary_color: '#0f766e', support_email: 'help@acme.test', support_phone: '+1 555 0100', applies: true, can_edit: true });
    for (const who of [owner, admin, member])
      expect(await current(who)).toMatchObject({ name: 'Acme Insurance', color: '#0f766e', support_email: 'help@acme.test' });
    const activity = await json(await t.request('/api/activity?kind=branding', { cookie: owner.cookie }));
    expect(activity.rows.map((r: { kind: string; summary: string }) => `${r.kind}: ${r.summary}`)).toContain('branding: Brand saved: Acme Insurance, #0f766e');
  });

  it('saves with the optional contacts empty (stored as none), and a short hex colour', async () => {
    const { branding } = await json(await save({ display_name: 'Acme', primary_color: '#036', support_email: '', support_phone: '' }));
    expect(branding).toMatchObject({ display_name: 'Acme', primary_color: '#003366', support_email: null, support_phone: null });
    await save(valid);
  });

  it('refuses each invalid field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ display_name: '  ' }, 'display_name', BRANDING_TEXT.displayNameRequired],
      [{ primary_color: 'teal' }, 'primary_color', BRANDING_TEXT.colorInvalid],
      [{ primary_color: '' }, 'primary_color', BRANDING_TEXT.colorInvalid],
      // yellow: 1.07:1 against white
      [{ primary_color: '#ffff00' }, 'primary_color', BRANDING_TEXT.colorContrast('1.07')],
      // #777777 is 4.47:1, just under AA
      [{ primary_color: '#777777' }, 'primary_color', BRANDING_TEXT.colorContrast('4.47')],
      [{ support_email: 'not-an-email' }, 'support_email', INVALID_EMAIL],
      [{ support_phone: '1'.repeat(51) }, 'support_phone', 'Must be at most 50 characters.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await save({ ...valid, ...over });
      expect(res.status).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields[field]).toBe(message);
    }
    expect(BRANDING_TEXT.colorContrast('1.07')).toContain('1.07:1 against white text. WCAG AA needs at least 4.5:1');
    // nothing of the refused saves stuck
    expect(await current(member)).toMatchObject({ color: '#0f766e' });
  });

  it('lets an agency admin edit, not a team member (403), who still sees the brand', async () => {
    expect((await save({ ...valid, display_name: 'Acme by admin' }, admin)).status).toBe(200);
    const res = await save({ ...valid, display_name: 'Acme by member' }, member);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(BRANDING_TEXT.editDenied);
    expect((await uploadLogo(png, 'logo.png', 'image/png', member)).status).toBe(403);
    expect((await t.request('/api/branding', { method: 'DELETE', cookie: member.cookie })).status).toBe(403);
    const read = await json(await t.request('/api/branding', { cookie: member.cookie }));
    expect(read.branding).toMatchObject({ display_name: 'Acme by admin', can_edit: false });
    await save(valid);
  });

  it('is Enterprise only: a Business agency gets 403 and the default brand', async () => {
    for (const [method, path] of [
      ['GET', '/api/branding'],
      ['PUT', '/api/branding'],
      ['DELETE', '/api/branding'],
      ['DELETE', '/api/branding/logo'],
    ] as const) {
      const res = await t.request(path, { method, cookie: business.cookie, ...(method === 'PUT' ? { json: valid } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await uploadLogo(png, 'logo.png', 'image/png', business)).status).toBe(403);
    expect(await current(business)).toBeNull();
    expect((await t.request('/api/branding/current')).status).toBe(401);
  });
});

describe('the logo', () => {
  it('stores a PNG re-encoded and serves it publicly, cacheable, with nosniff and a restrictive CSP', async () => {
    const res = await uploadLogo(png, 'logo.png');
    expect(res.status).toBe(200);
    const url = (await json(res)).branding.logo_url as string;
    const me = await json(await t.request('/api/me', { cookie: owner.cookie }));
    expect(url).toMatch(new RegExp(`^/api/brand/${me.agency.id}/[0-9a-f]{32}\\.png$`));
    const logo = await t.request(url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(logo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 100 });
    expect((await current(member)).logo_url).toBe(url);
  });

  it('accepts a JPEG and stores it as a PNG; the replaced logo is no longer served', async () => {
    const before = (await current(owner)).logo_url as string;
    const res = await uploadLogo(jpeg, 'logo.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const url = (await json(res)).branding.logo_url as string;
    expect(url).not.toBe(before);
    expect((await t.request(before)).status).toBe(404);
    const bytes = Buffer.from(await (await t.request(url)).arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('makes an SVG with a script and external references inert: rasterised to PNG, nothing fetched', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="80" onload="alert(1)">
  <style>@import url(${base}/style.css); rect { fill: #0f766e; }</style>
  <script>fetch('${base}/script')</script>
  <rect width="200" height="80"/>
  <image href="${base}/image.png" width="10" height="10"/>
  <image xlink:href="file:///etc/passwd" width="10" height="10"/>
  <use href="${base}/sprite.svg#a"/>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${base}/frame"></iframe></foreignObject>
</svg>`;
      const res = await uploadLogo(svg, 'logo.svg', 'image/svg+xml');
      expect(res.status).toBe(200);
      const url = (await json(res)).branding.logo_url as string;
      const served = await t.request(url);
      expect(served.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.toString('latin1')).not.toMatch(/<script|href|127\.0\.0\.1/i);
      // drawn at the size it is shown: fits 600 × 200
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 500, height: 200 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(hits).toEqual([]);
  });

  it('refuses an HTML page named .png, a PNG signature with no image, an empty choice, and a file over 1 MB', async () => {
    let res = await uploadLogo('<!doctype html><html><script>alert(1)</script></html>', 'logo.png');
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: BRANDING_TEXT.logoInvalid, fields: { logo: BRANDING_TEXT.logoInvalid } });

    res = await uploadLogo(Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]), 'broken.png');
    expect(res.status).toBe(400);
    expect([BRANDING_TEXT.logoInvalid, BRANDING_TEXT.logoUnreadable]).toContain((await json(res)).error.message);

    res = await uploadLogo('<svg xmlns="http://www.w3.org/2000/svg"><rect', 'cut.svg', 'image/svg+xml');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(BRANDING_TEXT.logoUnreadable);

    const form = new FormData();
    form.append('other', 'x');
    res = await t.request('/api/branding/logo', { method: 'PUT', body: form, cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(BRANDING_TEXT.logoRequired);

    const big = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES, 1)]);
    res = await uploadLogo(big, 'big.png');
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(BRANDING_TEXT.logoTooLarge);
  });
});

describe('tenant isolation', () => {
  it("another agency never sees or changes this agency's brand, nor reaches its logo under its own id", async () => {
    expect(await current(other)).toBeNull();
    const read = await json(await t.request('/api/branding', { cookie: other.cookie }));
    expect(read.branding).toMatchObject({ display_name: null, logo_url: null, applies: true });
    await save({ ...valid, display_name: 'Other brand', primary_color: '#7c2d12' }, other);
    expect(await current(member)).toMatchObject({ name: 'Acme Insurance', color: '#0f766e' });
    expect(await current(other)).toMatchObject({ name: 'Other brand', logo_url: null });

    const acmeLogo = (await current(owner)).logo_url as string;
    const otherId = (await json(await t.request('/api/me', { cookie: other.cookie }))).agency.id as string;
    const [, , , , hash] = acmeLogo.split('/');
    expect((await t.request(`/api/brand/${otherId}/${hash}`)).status).toBe(404);
    expect((await t.request('/api/brand/not-a-uuid/x.png')).status).toBe(404);
    // resetting the other agency leaves this one alone
    await t.request('/api/branding', { method: 'DELETE', cookie: other.cookie });
    expect(await current(owner)).toMatchObject({ name: 'Acme Insurance' });
  });
});

describe('e-mails and the invitation page', () => {
  it("sends the invitation as the agency: its name as sender, its logo, reply-to its support e-mail; the page shows the brand", async () => {
    const logoUrl = (await current(owner)).logo_url as string;
    const res = await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email: 'new.agent@example.com', role: 'team_member' } });
    expect(res.status).toBe(201);
    const mail = await waitForMail(t, 'new.agent@example.com');
    expect(mail.fromName).toBe('Acme Insurance');
    expect(mail.replyTo).toBe('help@acme.test');
    expect(mail.html).toContain(`<img src="${t.config.appUrl}${logoUrl}" alt="Acme Insurance"`);
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.text).toContain('— Acme Insurance');
    const token = linkIn(mail).split('/').pop()!;
    const view = await json(await t.request(`/api/invitations/${token}`));
    expect(view.invitation.brand).toMatchObject({ name: 'Acme Insurance', color: '#0f766e', logo_url: logoUrl });
  });
});

describe('the renewal digest', () => {
  it("carries the agency's brand when its renewals are all of one branded agency", async () => {
    const policy = await createPolicy(t.request, owner.cookie);
    const soon = addDays(new Date().toISOString().slice(0, 10), 20);
    await t.db.update(policies).set({ endDate: soon }).where(eq(policies.id, policy.id));
    const morning = new Date(`${addDays(new Date().toISOString().slice(0, 10), 1)}T08:00:00Z`);
    expect((await runDigest(t.deps, morning)).ran).toBe(true);
    const digest = t.mail.sent.find((m) => m.to === owner.email && /Your renewals for/.test(m.subject));
    expect(digest).toMatchObject({ fromName: 'Acme Insurance', replyTo: 'help@acme.test' });
    expect(digest?.html).toContain(`${t.config.appUrl}/api/brand/`);
  });
});

describe('downgrade and reset', () => {
  it('stops applying below Enterprise but is kept, and applies again on return', async () => {
    const [me] = await t.db.select().from(user).where(eq(user.email, owner.email));
    await t.db.update(user).set({ subscriptionTier: 'business' }).where(eq(user.id, me.id));
    expect(await current(member)).toBeNull();
    expect(await current(owner)).toBeNull();
    expect((await t.request('/api/branding', { cookie: owner.cookie })).status).toBe(403);
    const kept = await t.db.select().from(agencyBranding);
    expect(kept.some((r) => r.displayName === 'Acme Insurance')).toBe(true);
    await t.db.update(user).set({ subscriptionTier: 'enterprise' }).where(eq(user.id, me.id));
    expect(await current(member)).toMatchObject({ name: 'Acme Insurance' });
  });

  it('resets to the default: the brand, its logo and its public URL go', async () => {
    const logoUrl = (await current(owner)).logo_url as string;
    const res = await t.request('/api/branding', { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).branding).toMatchObject({ display_name: null, primary_color: null, logo_url: null });
    expect(await current(member)).toBeNull();
    expect((await t.request(logoUrl)).status).toBe(404);
    const activity = await json(await t.request('/api/activity?kind=branding', { cookie: owner.cookie }));
    expect(activity.rows.map((r: { summary: string }) => r.summary)).toContain('Brand reset to default');
  });
});
