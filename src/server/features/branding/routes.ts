// /api/branding: the white label (Enterprise, feature 'white-label'); the owner or an agency admin
// edits it (checked before the body and again in the service), every member reads the brand in effect from /api/branding/current.
// /api/brand/:agencyId/:hash.png serves the logo publicly: it is shown in e-mails and on the invitation page.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { BRANDING_TEXT, brandingSchema } from '#shared/branding.ts';
import { type AppEnv, requireFeature, requireUser } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { readJson } from '#server/http.ts';
import { rasteriseLogo, readLogo } from './logo.ts';
import { assertEditor, currentBrand, findLogo, getBranding, removeLogo, resetBranding, saveBranding, setLogo } from './service.ts';

/** The logo upload carries its own body limit (1 MB of file plus the form), not the JSON one. */
export const LOGO_UPLOAD_PREFIX = '/api/branding/logo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOGO_FILE = /^([0-9a-f]{32})\.png$/;

export function brandingRoutes() {
  const r = new Hono<AppEnv>();
  const gate = requireFeature('white-label');
  // writes: the feature map's `manage` (owner or agency admin), checked before the body is read
  const editor = createMiddleware<AppEnv>(async (c, next) => {
    assertEditor(c.var.actor);
    await next();
  });

  r.get('/branding/current', requireUser, async (c) => c.json({ brand: await currentBrand(c.var.deps.db, c.var.actor) }));

  r.get('/branding', gate, async (c) => c.json({ branding: await getBranding(c.var.deps.db, c.var.actor) }));
  r.put('/branding', gate, editor, async (c) => {
    const input = await readJson(c, brandingSchema);
    return c.json({ branding: await saveBranding(c.var.deps.db, c.var.actor, input) });
  });
  r.delete('/branding', gate, editor, async (c) => c.json({ branding: await resetBranding(c.var.deps, c.var.actor) }));

  r.put('/branding/logo', gate, editor, async (c) => {
    const file = await readLogo(c);
    const logo = await rasteriseLogo(file.bytes, file.contentType);
    return c.json({ branding: await setLogo(c.var.deps, c.var.actor, logo) });
  });
  r.delete('/branding/logo', gate, editor, async (c) => c.json({ branding: await removeLogo(c.var.deps, c.var.actor) }));

  r.get('/brand/:agencyId/:file', async (c) => {
    const agencyId = c.req.param('agencyId');
    const file = LOGO_FILE.exec(c.req.param('file'));
    if (!UUID.test(agencyId) || !file) throw notFound(BRANDING_TEXT.notFound);
    const { deps } = c.var;
    const key = await findLogo(deps.db, agencyId, file[1]);
    const body = key ? await deps.storage.get(key) : null;
    if (!body) throw notFound(BRANDING_TEXT.notFound);
    return new Response(body, {
      headers: {
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // mail clients and other sites show it (the app's default is same-origin)
        'cross-origin-resource-policy': 'cross-origin',
        // the name is the content's hash: a new logo gets a new URL
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  });

  return r;
}
