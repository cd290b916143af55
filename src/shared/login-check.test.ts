import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, loginSchema } from './auth.ts';
import { checkLogin } from './login-check.ts';
import { TEXT_RULE_TEXT } from './text-rules.ts';

/** loginSchema's first message per field, as the server answers it. */
function schemaErrors(values: { email: string; password: string }) {
  const r = loginSchema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of r.error?.issues ?? []) {
    const key = String(issue.path[0]);
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

describe('checkLogin: the login form without zod', () => {
  const cases: [string, { email: string; password: string }, Record<string, string>][] = [
    ['both empty', { email: '', password: '' }, { email: AUTH_TEXT.emailRequired, password: AUTH_TEXT.passwordRequired }],
    ['blank e-mail', { email: '   ', password: 'x' }, { email: AUTH_TEXT.emailRequired }],
    ['not an e-mail', { email: 'not-an-email', password: 'x' }, { email: AUTH_TEXT.invalidEmail }],
    ['a space inside', { email: 'a b@c.d', password: 'x' }, { email: AUTH_TEXT.invalidEmail }],
    ['too long an e-mail', { email: `${'a'.repeat(250)}@b.co`, password: 'x' }, { email: AUTH_TEXT.invalidEmail }],
    ['a control character', { email: 'me\u0000@example.com', password: 'x' }, { email: TEXT_RULE_TEXT.controlCharacters }],
    ['too long a password', { email: 'me@example.com', password: 'p'.repeat(129) }, { password: AUTH_TEXT.passwordTooLong }],
    ['valid, padded and upper case', { email: ' Me@Example.COM ', password: 'p'.repeat(128) }, {}],
    ['valid', { email: 'me@example.com', password: 'x' }, {}],
  ];
  it.each(cases)('%s: the same messages as loginSchema', (_name, values, expected) => {
    expect(checkLogin(values)).toEqual(expected);
    expect(schemaErrors(values)).toEqual(expected);
  });
  it('uses the spec texts', () => {
    expect(checkLogin({ email: '', password: '' })).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    expect(checkLogin({ email: 'x', password: 'y' }).email).toBe('Please enter a valid email address.');
  });
});
