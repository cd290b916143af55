// @policydesk/sdk: a typed client of the PolicyDesk REST API (/api/v1), generated from its OpenAPI
// document (schema.ts, by openapi-typescript) and sent with openapi-fetch.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.ts';

export type { components, paths, webhooks };
type Schemas = components['schemas'];

export type Customer = Schemas['Customer'];
export type CustomerDetail = Schemas['CustomerDetail'];
export type CustomerInput = Schemas['CustomerInput'];
export type Policy = Schemas['Policy'];
export type PolicyDetail = Schemas['PolicyDetail'];
export type PolicyInput = Schemas['PolicyInput'];
export type Communication = Schemas['Communication'];
export type CommunicationInput = Schemas['CommunicationInput'];
export type CommunicationCreate = Schemas['CommunicationCreate'];
export type ApiError = Schemas['Error'];

export type PolicyDeskClient = Client<paths>;

export interface ClientOptions {
  /** The API's base URL, ending in /api/v1: https://app.example.com/api/v1 */
  baseUrl: string;
  /** A key from Settings → API (pd_live_…) */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client whose every request carries the key: `client.GET('/policies/{id}', { params: { path: { id } } })`. */
export function createPolicyDeskClient(options: ClientOptions): PolicyDeskClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** The error of an answer that was not a 2xx: its status and the API's `{ error: { code, message, fields? } }`. */
export class PolicyDeskError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
  ) {
    super(body?.error.message ?? `PolicyDesk API answered ${status}`);
  }
}

/** The data of an openapi-fetch answer, or a PolicyDeskError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined || result.error !== undefined) throw new PolicyDeskError(result.response.status, result.error as ApiError | undefined);
  return result.data;
}
