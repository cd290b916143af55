// Calls better-auth's endpoints on behalf of our routes, after our own validation and limits.
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientAddress } from '../../http.ts';

export interface AuthResult {
  status: number;
  body: Record<string, unknown> | null;
  response: Response;
}

export async function callAuth(
  c: Context<AppEnv>,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<AuthResult> {
  const { auth, config } = c.var.deps;
  const headers = new Headers({ 'content-type': 'application/json', origin: config.appUrl });
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const ua = c.req.header('user-agent');
  if (ua) headers.set('user-agent', ua);
  headers.set('x-forwarded-for', clientAddress(c));
  const method = init.method ?? 'POST';
  const response = await auth.handler(
    new Request(`${config.appUrl}/api/auth${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    }),
  );
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
