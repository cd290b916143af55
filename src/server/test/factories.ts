// Factories for agencies (sign-up), customers and policies, shared by the API tests, `seed:demo`
// and the bench, so a change to what the API accepts is made in one place. No test-runner imports:
// scripts load this module too. Records are made through the API (a `Call`), never by SQL, so they
// pass the same validation, limits and activity log as a user's clicks.
import type { Customer } from '#shared/customers.ts';
import type { PolicyDetail } from '#shared/policies.ts';

/** app.request, the test harness's t.request, or fetch against a running server, all in one shape. */
export type Call = (path: string, init?: { method?: string; json?: unknown; cookie?: string }) => Promise<Response>;

type Over = Record<string, unknown>;

let seq = 0;
const unique = () => `${(seq += 1)}-${Math.random().toString(36).slice(2, 7)}`;

/** The body of POST /api/account/register (what the sign-up form sends). */
export function registrationPayload(over: { email?: string; password?: string; fullName?: string; company?: string; plan?: string } = {}) {
  const password = over.password ?? 'password123';
  return {
    company: over.company ?? 'Test Agency',
    full_name: over.fullName ?? 'Test User',
    email: over.email ?? `agent-${unique()}@example.com`,
    password,
    confirmPassword: password,
    termsAccepted: true,
    ...(over.plan ? { plan: over.plan } : {}),
  };
}

/** The body of POST /api/customers: a unique name and e-mail unless given. */
export function customerPayload(over: Over = {}) {
  const id = unique();
  return { name: `Customer ${id}`, email: `customer-${id}@example.com`, ...over };
}

const CAR_DETAILS = {
  vehicle_make: 'Toyota',
  vehicle_model: 'Corolla',
  vehicle_year: 2020,
  vin_number: 'VIN123',
  driver_license: 'DL-1',
  coverage_type: 'collision',
};

/** The body of POST /api/policies for a car policy with a new customer; a unique number and e-mail. */
export function carPolicyPayload(over: Over = {}) {
  const id = unique();
  return {
    customer_name: 'Jane Doe',
    customer_email: `jane-${id}@example.com`,
    customer_phone: '555-0100',
    policy_number: `CAR-${id}`,
    insurance_company: 'Acme Mutual',
    policy_type: 'car',
    premium_amount: '1234.50',
    coverage_amount: '50000',
    deductible: '500',
    start_date: '2025-01-05',
    status: 'active',
    car_details: CAR_DETAILS,
    ...over,
  };
}

export const FIRE_DETAILS = {
  property_address: '1 Main St',
  property_type: 'House',
  construction_year: '1990',
  property_value: '250000.00',
  contents_coverage: '',
};

/** The body of POST /api/policies for a fire policy (no car details). */
export function firePolicyPayload(over: Over = {}) {
  const { car_details: _car, ...car } = carPolicyPayload();
  return {
    ...car,
    policy_number: `FIRE-${unique()}`,
    policy_type: 'fire',
    fire_details: FIRE_DETAILS,
    ...over,
  };
}

/** The session cookies a sign-in answered with, as a Cookie header. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

async function created<T>(res: Response, what: string): Promise<T> {
  if (res.status !== 201) throw new Error(`creating ${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function createCustomer(call: Call, cookie: string, over: Over = {}): Promise<Customer> {
  return created<Customer>(await call('/api/customers', { cookie, json: customerPayload(over) }), 'a customer');
}

/** A policy through the API: a car policy unless `policy_type: 'fire'` is given. */
export async function createPolicy(call: Call, cookie: string, over: Over = {}): Promise<PolicyDetail> {
  const body = over.policy_type === 'fire' ? firePolicyPayload(over) : carPolicyPayload(over);
  return created<PolicyDetail>(await call('/api/policies', { cookie, json: body }), 'a policy');
}
