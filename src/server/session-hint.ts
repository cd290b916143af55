// Keeps the session hint (#shared/session-hint.ts) in step with the session cookie, whatever set or
// cleared it: our sign-in and sign-out routes, better-auth's own endpoints (social callback,
// two-factor), account deletion, or a browser that dropped one cookie and not the other.
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_HINT_COOKIE } from '#shared/session-hint.ts';
import type { AppEnv } from './context.ts';

const SESSION_COOKIES = new Set(['policydesk.session_token', '__Secure-policydesk.session_token']);

function cookieNames(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of header?.split(';') ?? []) {
    const name = part.slice(0, part.indexOf('=')).trim();
    if (name) names.add(name);
  }
  return names;
}

interface SessionSet {
  live: boolean;
  maxAge?: number;
  expires?: Date;
}

/** The session cookie this response sets or clears, if any (the last one wins, as in the browser). */
function sessionCookieSet(setCookies: string[]): SessionSet | null {
  let found: SessionSet | null = null;
  for (const line of setCookies) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 0 || !SESSION_COOKIES.has(pair.slice(0, eq).trim())) continue;
    const value = pair.slice(eq + 1).trim();
    const attr = (name: string) => attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
    const maxAge = attr('max-age') === undefined ? undefined : Number(attr('max-age'));
    const date = attr('expires') === undefined ? undefined : new Date(attr('expires')!);
    const expires = date && !Number.isNaN(date.getTime()) ? date : undefined;
    const expired = (maxAge !== undefined && maxAge <= 0) || (expires !== undefined && expires.getTime() <= Date.now());
    found = { live: value !== '' && !expired, maxAge, expires };
  }
  return found;
}

export function sessionHint(secure: boolean): MiddlewareHandler<AppEnv> {
  const options = { path: '/', sameSite: 'Lax', secure, httpOnly: false } as const;
  return async (c, next) => {
    await next();
    const sent = cookieNames(c.req.header('cookie'));
    const hadHint = sent.has(SESSION_HINT_COOKIE);
    const set = sessionCookieSet(c.res.headers.getSetCookie());
    if (set) {
      // mirrors the session cookie's lifetime: "Remember me" or until the browser closes
      if (set.live) setCookie(c, SESSION_HINT_COOKIE, '1', { ...options, maxAge: set.maxAge, expires: set.expires });
      else if (hadHint) deleteCookie(c, SESSION_HINT_COOKIE, options);
      return;
    }
    const hadSession = [...SESSION_COOKIES].some((name) => sent.has(name));
    // a session cookie the server no longer accepts (expired, revoked): the next page asks no more
    const refused = c.req.path === '/api/me' && c.res.status === 401;
    if (hadHint && (!hadSession || refused)) deleteCookie(c, SESSION_HINT_COOKIE, options);
    // a session from before the hint existed, or a hint the browser dropped: set until the browser closes
    else if (!hadHint && hadSession && !refused) setCookie(c, SESSION_HINT_COOKIE, '1', options);
  };
}
