// The sender name on mail sent for an agency: MAIL_FROM's address, the agency's name, quoted safely.
import { describe, expect, it } from 'vitest';
import { fromWithName, renderMail } from '#server/mail.ts';

describe('branded mail', () => {
  it('keeps the address of MAIL_FROM and puts the agency name in front, quoted, with no header injection', () => {
    expect(fromWithName('PolicyDesk <no-reply@policydesk.local>', 'Acme, Inc.')).toBe('"Acme, Inc." <no-reply@policydesk.local>');
    expect(fromWithName('no-reply@policydesk.local', 'Say "hi"\r\nBcc: x@y.z')).toBe('"Say hi Bcc: x@y.z" <no-reply@policydesk.local>');
    expect(fromWithName('PolicyDesk <no-reply@policydesk.local>', undefined)).toBe('PolicyDesk <no-reply@policydesk.local>');
  });

  it('renders the default brand without one, and the agency brand with one', () => {
    const plain = renderMail({ to: 'a@b.c', subject: 's', paragraphs: ['p'] });
    expect(plain.fromName).toBeUndefined();
    expect(plain.replyTo).toBeUndefined();
    expect(plain.html).toContain('>PolicyDesk</h1>');
    const branded = renderMail({
      to: 'a@b.c',
      subject: 's',
      paragraphs: ['p'],
      action: { label: 'Go', url: 'https://x.test' },
      brand: { name: 'Acme <Agency>', color: '#0f766e', logoUrl: null, replyTo: 'help@acme.test' },
    });
    expect(branded).toMatchObject({ fromName: 'Acme <Agency>', replyTo: 'help@acme.test' });
    expect(branded.html).toContain('>Acme &lt;Agency&gt;</h1>');
    expect(branded.html).toContain('background:#0f766e');
  });
});
