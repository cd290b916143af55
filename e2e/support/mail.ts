import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './ports.ts';

export interface ReceivedMail {
  to: string[];
  /** the From header as the receiver saw it ("Name" <address>) */
  from?: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

// Parsed once: a run files hundreds of messages, and a reader polls while it waits for one.
const parsed = new Map<string, ReceivedMail>();

function allMail(): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    let mail = parsed.get(f);
    if (!mail) {
      mail = JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as ReceivedMail;
      parsed.set(f, mail);
    }
    return mail;
  });
}

/** The newest message to that address (and subject), waiting for it to arrive. */
export async function readMail(to: string, subject?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail()
      .reverse()
      .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function countMail(to: string, subject?: RegExp): number {
  return allMail().filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject))).length;
}

export function firstLink(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0];
}
