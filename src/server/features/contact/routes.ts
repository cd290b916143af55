// POST /api/contact: public, spam-protected by a per-client rate limit and a honeypot field.
import { Hono } from 'hono';
import { CONTACT_TEXT, contactSchema } from '#shared/contact.ts';
import type { AppEnv } from '#server/context.ts';
import { tooMany } from '#server/errors.ts';
import { clientAddress, readJson } from '#server/http.ts';
import { consume, RATE_RULES } from '#server/rate-limit.ts';
import { submitContactMessage } from './service.ts';

export function contactRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/contact', async (c) => {
    const { db, config } = c.var.deps;
    const input = await readJson(c, contactSchema);
    // Counted before the honeypot, so a bot that fills it in is throttled too.
    if (config.RATE_LIMIT === 'on' && !(await consume(db, `contact:ip:${clientAddress(c)}`, RATE_RULES.contactPerClient)))
      throw tooMany(CONTACT_TEXT.tooMany);
    if (input.website?.trim()) {
      c.var.log.info({ client: clientAddress(c) }, 'contact form honeypot filled; message dropped');
      return c.json({ ok: true }, 201);
    }
    await submitContactMessage(c.var.deps, input);
    return c.json({ ok: true }, 201);
  });

  return r;
}
