// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise the outbox folder (links are logged),
// so a local trial works without a mail server.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** the sender's display name for mail sent on an agency's behalf (white label); the address stays MAIL_FROM's */
  fromName?: string;
  /** a stable Message-ID for a mail that may be sent again after a crash (the receiver deduplicates on it) */
  messageId?: string;
}

/** MAIL_FROM with another display name: `"Name" <address>`, quoted so a comma or quote in the name stays in it. */
export function fromWithName(from: string, name: string | undefined): string {
  if (!name) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const clean = name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '').trim();
  return clean ? `"${clean}" <${address}>` : from;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  kind: 'smtp' | 'outbox';
}

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // A local relay without TLS (tests, development) must not be forced into STARTTLS.
      ignoreTLS: url.searchParams.get('tls') === 'off' || ['127.0.0.1', 'localhost', '::1'].includes(url.hostname),
    });
    return {
      kind: 'smtp',
      async send({ fromName, ...message }) {
        await transport.sendMail({ from: fromWithName(opts.from, fromName), ...message });
        opts.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send({ fromName, ...message }) {
      mkdirSync(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
      // written whole, then renamed, so a reader of the outbox never meets half a message
      writeFileSync(`${file}.tmp`, JSON.stringify({ from: fromWithName(opts.from, fromName), ...message, date: new Date().toISOString() }, null, 2));
      renameSync(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.logger.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox (SMTP_URL not set)');
    },
  };
}

const inFlight = new Set<Promise<void>>();

/** Sends without making the caller wait or fail; a failed delivery is logged. */
export function sendInBackground(mailer: Mailer, message: MailMessage, logger: Logger): void {
  const sending = mailer
    .send(message)
    .catch((err: unknown) => logger.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed'))
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Work that must not delay the answer (it may send mail); waited for at shutdown like mail. */
export function runInBackground(task: () => Promise<unknown>, logger: Logger, what: string): void {
  const running: Promise<void> = task()
    .then(() => undefined)
    .catch((err: unknown) => logger.error({ err }, `${what} failed`))
    .finally(() => inFlight.delete(running));
  inFlight.add(running);
}

/** Waits for the mails still being sent (graceful shutdown: a confirmation link is not lost). */
export async function drainBackgroundMail(): Promise<number> {
  let drained = 0;
  // background work can start a mail while we wait, so wait until nothing is left
  while (inFlight.size) {
    const pending = [...inFlight];
    await Promise.allSettled(pending);
    drained += pending.length;
  }
  return drained;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** An agency's white label on a message sent on its behalf (src/server/platform/brand.ts). */
export interface MailBrand {
  name: string;
  /** #rrggbb, checked for contrast against white when it was saved */
  color: string;
  /** absolute URL of the public logo */
  logoUrl: string | null;
  replyTo: string | null;
}

/** A plain branded message with an optional button; text and HTML carry the same content. */
export function renderMail(opts: {
  to: string;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** the agency's brand: its name as sender and signature, its logo and colour, its reply-to */
  brand?: MailBrand | null;
}): MailMessage {
  const brand = opts.brand ?? null;
  const name = brand?.name ?? 'PolicyDesk';
  const color = brand && /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : '#1d4ed8';
  const greeting = opts.greeting ?? 'Hello,';
  const footer = opts.footer ?? 'You received this e-mail because of an action on your PolicyDesk account.';
  const text = [
    greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    `— ${name}`,
    '',
    footer,
  ].join('\n');
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:${color};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(opts.action.url)}">${escapeHtml(opts.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
${
    brand?.logoUrl
      ? `<p style="margin:0 0 16px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(name)}" style="max-height:48px;max-width:240px"></p>`
      : `<h1 style="font-size:20px;color:${color}">${escapeHtml(name)}</h1>`
  }
<p>${escapeHtml(greeting)}</p>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p>— ${escapeHtml(name)}</p>
<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#777">${escapeHtml(footer)}</p>
</body></html>`;
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    ...(brand ? { fromName: brand.name } : {}),
    ...(brand?.replyTo ? { replyTo: brand.replyTo } : {}),
  };
}
