// Calls better-auth's endpoints on behalf of our routes, after our own validation and limits.
import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { clientAddress } from '#server/http.ts';

export interface AuthResult {
  status: number;
  body: Record<string, unknown> | null;
  response: Response;
}

interface AuthCall {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** false: call as nobody, without the caller's session cookie */
  withCookie?: boolean;
}

/** The request for a better-auth endpoint, built from our request up front (it may run after we answered). */
export function authRequest(c: Context<AppEnv>, path: string, init: AuthCall = {}): Request {
  const { config } = c.var.deps;
  const headers = new Headers({ 'content-type': 'application/json', origin: config.appUrl });
  const cookie = c.req.header('cookie');
  if (cookie && init.withCookie !== false) headers.set('cookie', cookie);
  const ua = c.req.header('user-agent');
  if (ua) headers.set('user-agent', ua);
  headers.set('x-forwarded-for', clientAddress(c));
  const method = init.method ?? 'POST';
  return new Request(`${config.appUrl}/api/auth${path}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
  });
}

export async function callAuth(c: Context<AppEnv>, path: string, init: AuthCall = {}): Promise<AuthResult> {
  const response = await c.var.deps.auth.handler(authRequest(c, path, init));
  let body: Record<string, unknown> | null = null;
  const text = await response.clone().text();
  if (text) {
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
  }
  return { status: response.status, body, response };
}

/** Passes better-auth's cookies (session, two-factor) on to our answer. */
export function forwardCookies(c: Context<AppEnv>, result: AuthResult): void {
  for (const value of result.response.headers.getSetCookie()) c.header('set-cookie', value, { append: true });
}

export function authErrorCode(result: AuthResult): string | undefined {
  return typeof result.body?.code === 'string' ? result.body.code : undefined;
}

/**
 * get-session answers the session row, token included. The token is the session cookie's value;
 * the browser keeps it in an HttpOnly cookie and nothing in the web app reads it, so script never sees it.
 */
export async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.clone().json().catch(() => null)) as { session?: Record<string, unknown> } | null;
  if (!body?.session || !('token' in body.session)) return response;
  const { token: _token, ...session } = body.session;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, session }), { status: response.status, headers });
}
