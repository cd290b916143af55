/**
 * A cookie scripts can read that says "a session cookie exists" (issue 30): the public pages ask
 * GET /api/me only when it is there, instead of a 401 in the console on every visit. The session
 * cookie itself stays HttpOnly. The hint holds no identifier and the server never reads it to
 * grant anything; at worst a forged hint costs its owner one 401, which then clears it.
 */
export const SESSION_HINT_COOKIE = 'policydesk.signed_in';
