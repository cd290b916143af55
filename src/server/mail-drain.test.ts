// Graceful shutdown waits for mail that requests started in the background.
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { drainBackgroundMail, sendInBackground, type Mailer, type MailMessage } from './mail.ts';

const message: MailMessage = { to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

describe('drainBackgroundMail', () => {
  it('resolves only after every background send has finished, failed ones included', async () => {
    const delivered: string[] = [];
    const slow: Mailer = {
      kind: 'smtp',
      send: (m) => new Promise((resolve) => setTimeout(() => resolve(void delivered.push(m.to)), 100)),
    };
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('smtp down')) };
    const logger = createLogger('silent');
    sendInBackground(slow, message, logger);
    sendInBackground(slow, { ...message, to: 'b@example.com' }, logger);
    sendInBackground(failing, message, logger);
    expect(delivered).toEqual([]);
    expect(await drainBackgroundMail()).toBe(3);
    expect(delivered.sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(await drainBackgroundMail()).toBe(0);
  });
});
