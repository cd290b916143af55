// Read, modify, write: what GET /policies/{id} answers is a body PUT accepts, checked by the compiler
// (npm run typecheck) and against the running server (the SDK test).
import { unwrap, type PolicyDeskClient, type PolicyInput } from '../src/index.ts';

/** Moves a policy to another insurer, keeping everything else as it is. */
export async function changeInsurer(client: PolicyDeskClient, id: string, insuranceCompany: string) {
  const policy = unwrap(await client.GET('/policies/{id}', { params: { path: { id } } }));
  // A key without customers: read gets no contact details; PUT needs the e-mail, so such a key cannot
  // rewrite a policy (the compiler says so: customer_email is optional in the answer).
  if (policy.customer_email === undefined) throw new Error('This needs a key with customers: read.');
  const body: PolicyInput = { ...policy, customer_email: policy.customer_email, insurance_company: insuranceCompany };
  return unwrap(await client.PUT('/policies/{id}', { params: { path: { id } }, body }));
}
