// The shared text rule: a control character in any text field is a 400 naming the field, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { carPolicyPayload } from './test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';

let t: TestContext;
let owner: TestUser;
let admin: TestUser;
let customerId: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  admin = await createUser(t, { role: 'admin' });
  const res = await t.request('/api/customers', { cookie: owner.cookie, json: { name: 'Nora Null', email: 'nora@example.com' } });
  customerId = (await json(res)).id;
});
afterAll(async () => {
  await t.close();
});

const NUL = 'bad\u0000value';

const carPolicy = (over: Record<string, unknown> = {}) => carPolicyPayload(over);

interface Case {
  name: string;
  method?: string;
  path: () => string;
  body?: () => Record<string, unknown>;
  as?: () => TestUser;
  field: string;
}

const cases: Case[] = [
  {
    name: 'register',
    path: () => '/api/account/register',
    body: () => ({ company: NUL, full_name: 'Ann Example', email: 'ann@example.com', password: 'password123', confirmPassword: 'password123', termsAccepted: true }),
    field: 'company',
  },
  {
    name: 'register (e-mail)',
    path: () => '/api/account/register',
    body: () => ({ company: 'Acme', full_name: 'Ann Example', email: 'a\u0000nn@example.com', password: 'password123', confirmPassword: 'password123', termsAccepted: true }),
    field: 'email',
  },
  { name: 'resend-verification', path: () => '/api/account/resend-verification', body: () => ({ email: 'x\u0000@example.com' }), field: 'email' },
  { name: 'sign-in', path: () => '/api/account/sign-in', body: () => ({ email: 'x\u0000@example.com', password: 'password123' }), field: 'email' },
  {
    name: 'contact',
    path: () => '/api/contact',
    body: () => ({ name: 'Ann', email: 'ann@example.com', contactReason: 'sales', subject: NUL, message: 'Hello' }),
    field: 'subject',
  },
  { name: 'customers', path: () => '/api/customers', body: () => ({ name: NUL, email: 'c@example.com' }), as: () => owner, field: 'name' },
  { name: 'customers (notes)', path: () => '/api/customers', body: () => ({ name: 'C', email: 'c@example.com', notes: NUL }), as: () => owner, field: 'notes' },
  { name: 'policies', path: () => '/api/policies', body: () => carPolicy({ insurance_company: NUL }), as: () => owner, field: 'insurance_company' },
  {
    name: 'policies (car details)',
    path: () => '/api/policies',
    body: () => carPolicy({ car_details: { ...carPolicy().car_details, vin_number: NUL } }),
    as: () => owner,
    field: 'car_details.vin_number',
  },
  {
    name: 'communications',
    path: () => `/api/customers/${customerId}/communications`,
    body: () => ({ type: 'email', content: NUL }),
    as: () => owner,
    field: 'content',
  },
  { name: 'invitations', path: () => '/api/team/invitations', body: () => ({ email: 'm\u0000@example.com' }), as: () => owner, field: 'email' },
  { name: 'profile', method: 'PATCH', path: () => '/api/profile', body: () => ({ first_name: 'A', last_name: 'B', phone: NUL }), as: () => owner, field: 'phone' },
  { name: 'customer search', method: 'GET', path: () => '/api/customers?search=%00', as: () => owner, field: 'search' },
  { name: 'policy search', method: 'GET', path: () => '/api/policies?search=a%00b', as: () => owner, field: 'search' },
  { name: 'admin user search', method: 'GET', path: () => '/api/admin/users?search=%00', as: () => admin, field: 'search' },
];

describe('a NUL character in a text field', () => {
  it.each(cases)('$name: 400 naming $field', async (c) => {
    const res = await t.request(c.path(), { method: c.method ?? 'POST', json: c.body?.(), cookie: c.as?.().cookie });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.fields?.[c.field]).toBe(TEXT_RULE_TEXT.controlCharacters);
  });

  it('allows tab and line breaks in long text, but not in a single-line field', async () => {
    let res = await t.request('/api/customers', { cookie: owner.cookie, json: { name: 'Tab\tName', email: 'tab@example.com' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.name).toBe(TEXT_RULE_TEXT.controlCharacters);
    res = await t.request('/api/customers', { cookie: owner.cookie, json: { name: 'Tab Name', email: 'tab@example.com', notes: 'one\ttwo\r\nthree' } });
    expect(res.status).toBe(201);
    expect((await json(res)).notes).toBe('one\ttwo\r\nthree');
  });
});
