import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, changePasswordSchema, loginSchema, profileUpdateSchema, registerSchema, resetPasswordSchema, splitFullName } from './auth.ts';

describe('splitFullName', () => {
  it('splits at the first space', () => {
    expect(splitFullName('Jane Quinn Doe')).toEqual({ firstName: 'Jane', lastName: 'Quinn Doe' });
    expect(splitFullName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName('Ana   María  López')).toEqual({ firstName: 'Ana', lastName: 'María López' });
  });
});

describe('forms', () => {
  it('login: required and format texts; e-mail is normalised', () => {
    const r = loginSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    const msgs = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(msgs).toContain('Email is required.');
    expect(msgs).toContain('Password is required.');
    expect(loginSchema.safeParse({ email: 'a b@c.d', password: 'x' }).error?.issues[0].message).toBe('Please enter a valid email address.');
    expect(loginSchema.parse({ email: ' Me@Example.COM ', password: 'x' }).email).toBe('me@example.com');
  });

  it('registration: passwords must match and terms be accepted', () => {
    const base = { company: 'A', full_name: 'B C', email: 'b@c.de', password: 'password1', confirmPassword: 'password1', termsAccepted: true };
    expect(registerSchema.safeParse(base).success).toBe(true);
    expect(registerSchema.safeParse({ ...base, confirmPassword: 'password2' }).error?.issues[0].message).toBe(AUTH_TEXT.passwordsDoNotMatch);
    expect(registerSchema.safeParse({ ...base, termsAccepted: false }).error?.issues[0].message).toBe(AUTH_TEXT.termsRequired);
    expect(registerSchema.safeParse({ ...base, password: '1234567', confirmPassword: '1234567' }).error?.issues[0].message).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('reset and change: six characters, matching confirmation', () => {
    expect(resetPasswordSchema.safeParse({ password: '12345', confirmPassword: '12345' }).error?.issues[0].message).toBe(AUTH_TEXT.resetTooShort);
    expect(resetPasswordSchema.safeParse({ password: '123456', confirmPassword: '123457' }).error?.issues[0].message).toBe('Passwords do not match');
    expect(resetPasswordSchema.safeParse({ password: '123456', confirmPassword: '123456' }).success).toBe(true);
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: '123456', confirmPassword: '12345x' }).error?.issues[0].message,
    ).toBe('Please make sure your new passwords match.');
  });

  it('profile: names required, unknown keys dropped', () => {
    const parsed = profileUpdateSchema.parse({ first_name: ' Ann ', last_name: 'Lee', phone: '', role: 'super_admin' } as never);
    expect(parsed).toEqual({ first_name: 'Ann', last_name: 'Lee', phone: null, company: null });
    expect(profileUpdateSchema.safeParse({ first_name: '', last_name: 'x' }).error?.issues[0].message).toBe('First name is required.');
  });
});
