import { SESSION_HINT_COOKIE } from '#shared/session-hint.ts';

/** Whether the browser holds a session cookie (the server keeps this readable hint in step with it). */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
