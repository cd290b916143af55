// Accounts: our routes validate with the shared schemas and apply the database-backed limits,
// then let better-auth do the password, session and token work.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  AUTH_TEXT,
  changePasswordRequestSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordRequestSchema,
  safeRedirectPath,
} from '#shared/auth.ts';
import { safeText } from '#shared/validation.ts';
import { type AppEnv, requireAccess, requireUser } from '../../context.ts';
import { AppError, badRequest, tooMany } from '../../errors.ts';
import { clientAddress, readJson } from '../../http.ts';
import { renderMail, sendInBackground } from '../../mail.ts';
import { clearLimit, consume, isLimited, RATE_RULES } from '../../rate-limit.ts';
import { authErrorCode, callAuth, forwardCookies } from './auth-proxy.ts';
import { findUserByEmail, getMe, updateProfile } from './service.ts';

export const INVALID_RESET_LINK = 'This password reset link is invalid, has expired or was already used. Please request a new one.';
const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const INVALID_CODE = 'That code is not valid. Please try again.';

const emailOnly = z.object({ email: forgotPasswordSchema.shape.email, redirect: safeText().max(500).optional() });

/** The confirmation link lands on the login page, which then continues to `redirect` if given. */
function confirmationTarget(redirect: string | undefined): string {
  const next = safeRedirectPath(redirect);
  return next ? `/login?verified=1&redirect=${encodeURIComponent(next)}` : '/login?verified=1';
}
const passwordOnly = z.object({ password: z.string().min(1, AUTH_TEXT.passwordRequired).max(128) });
const codeSchema = z.object({
  code: safeText().min(1, 'Please enter the code.').max(64),
  backup: z.boolean().optional(),
  trustDevice: z.boolean().optional(),
});

export function accountRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/account/register', async (c) => {
    const { db, mailer, logger, config } = c.var.deps;
    const input = await readJson(c, registerSchema);
    if (config.RATE_LIMIT === 'on' && !(await consume(db, `signup:ip:${clientAddress(c)}`, RATE_RULES.signUpPerClient)))
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      // Same answer as a new sign-up, so addresses can't be discovered; the owner is told instead.
      sendInBackground(
        mailer,
        renderMail({
          to: existing.email,
          subject: 'Someone tried to create a PolicyDesk account with your e-mail',
          paragraphs: [
            'A new account was requested with this e-mail address, which already has a PolicyDesk account.',
            'If it was you, sign in instead, or reset your password if you have forgotten it.',
          ],
          action: { label: 'Sign in', url: `${config.appUrl}/login` },
        }),
        logger,
      );
      return c.json({ ok: true });
    }
    const result = await callAuth(c, '/sign-up/email', {
      body: {
        name: input.full_name,
        email: input.email,
        password: input.password,
        company: input.company,
        plan: input.plan,
        callbackURL: confirmationTarget(input.redirect),
      },
    });
    if (result.status >= 400) {
      const message = typeof result.body?.message === 'string' ? result.body.message : AUTH_TEXT.somethingWentWrong;
      throw new AppError(result.status === 422 ? 400 : 400, authErrorCode(result) ?? 'SIGN_UP_FAILED', message);
    }
    return c.json({ ok: true });
  });

  r.post('/account/sign-in', async (c) => {
    const { db, config } = c.var.deps;
    const input = await readJson(c, loginSchema);
    const emailKey = `signin:email:${input.email}`;
    const ipKey = `signin:ip:${clientAddress(c)}`;
    const limited = config.RATE_LIMIT === 'on';
    if (
      limited &&
      ((await isLimited(db, emailKey, RATE_RULES.signInFailuresPerEmail)) ||
        (await isLimited(db, ipKey, RATE_RULES.signInFailuresPerClient)))
    )
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    const result = await callAuth(c, '/sign-in/email', {
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
    });
    if (result.status === 403 && authErrorCode(result) === 'EMAIL_NOT_VERIFIED')
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_TEXT.emailNotConfirmedInline);
    if (result.status >= 400) {
      if (limited) {
        await consume(db, emailKey, RATE_RULES.signInFailuresPerEmail);
        await consume(db, ipKey, RATE_RULES.signInFailuresPerClient);
      }
      throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
    }
    if (limited) await clearLimit(db, emailKey);
    forwardCookies(c, result);
    return c.json({ ok: true, twoFactorRedirect: result.body?.twoFactorRedirect === true });
  });

  r.post('/account/two-factor/sign-in', async (c) => {
    const { db, config } = c.var.deps;
    const input = await readJson(c, codeSchema);
    if (config.RATE_LIMIT === 'on' && !(await consume(db, `2fa:ip:${clientAddress(c)}`, RATE_RULES.twoFactorPerClient)))
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    const result = input.backup
      ? await callAuth(c, '/two-factor/verify-backup-code', { body: { code: input.code, trustDevice: input.trustDevice } })
      : await callAuth(c, '/two-factor/verify-totp', { body: { code: input.code, trustDevice: input.trustDevice } });
    if (result.status >= 400) throw badRequest(INVALID_CODE, { code: INVALID_CODE }, 'INVALID_CODE');
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  r.post('/account/resend-verification', async (c) => {
    const { db, config } = c.var.deps;
    const { email, redirect } = await readJson(c, emailOnly);
    if (config.RATE_LIMIT === 'on' && !(await consume(db, `verify:email:${email}`, RATE_RULES.verificationPerEmail)))
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    const existing = await findUserByEmail(db, email);
    if (existing && !existing.emailVerified)
      await callAuth(c, '/send-verification-email', { body: { email, callbackURL: confirmationTarget(redirect) } });
    return c.json({ ok: true });
  });

  r.post('/account/forgot-password', async (c) => {
    const { db, config } = c.var.deps;
    const { email } = await readJson(c, forgotPasswordSchema);
    if (
      config.RATE_LIMIT === 'on' &&
      (!(await consume(db, `reset:email:${email}`, RATE_RULES.resetPerEmail)) ||
        !(await consume(db, `reset:ip:${clientAddress(c)}`, RATE_RULES.resetPerClient)))
    )
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    // better-auth answers the same whether or not the address has an account.
    await callAuth(c, '/request-password-reset', { body: { email, redirectTo: `${config.appUrl}/reset-password` } });
    return c.json({ ok: true });
  });

  r.post('/account/reset-password', async (c) => {
    const input = await readJson(c, resetPasswordRequestSchema);
    const result = await callAuth(c, '/reset-password', { body: { token: input.token, newPassword: input.newPassword } });
    if (result.status >= 400) throw badRequest(INVALID_RESET_LINK, undefined, 'INVALID_TOKEN');
    return c.json({ ok: true });
  });

  r.get('/me', requireUser, async (c) => c.json(await getMe(c.var.deps.db, c.var.actor)));

  r.patch('/profile', requireUser, async (c) => {
    const input = await readJson(c, profileUpdateSchema);
    return c.json({ profile: await updateProfile(c.var.deps.db, c.var.actor, input) });
  });

  r.post('/account/change-password', requireUser, async (c) => {
    const input = await readJson(c, changePasswordRequestSchema);
    const result = await callAuth(c, '/change-password', {
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    });
    if (result.status >= 400)
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }, 'INVALID_PASSWORD');
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  // Two-factor authentication is an Enterprise feature (platform.md §6).
  r.post('/account/two-factor/enable', requireAccess({ tier: 'enterprise' }), async (c) => {
    const { password } = await readJson(c, passwordOnly);
    const result = await callAuth(c, '/two-factor/enable', { body: { password, issuer: 'PolicyDesk' } });
    if (result.status >= 400)
      throw badRequest(WRONG_CURRENT_PASSWORD, { password: WRONG_CURRENT_PASSWORD }, 'INVALID_PASSWORD');
    forwardCookies(c, result);
    return c.json({ totpURI: result.body?.totpURI, backupCodes: result.body?.backupCodes });
  });

  r.post('/account/two-factor/confirm', requireAccess({ tier: 'enterprise' }), async (c) => {
    const input = await readJson(c, codeSchema);
    const result = await callAuth(c, '/two-factor/verify-totp', { body: { code: input.code } });
    if (result.status >= 400) throw badRequest(INVALID_CODE, { code: INVALID_CODE }, 'INVALID_CODE');
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  r.post('/account/two-factor/disable', requireUser, async (c) => {
    const { password } = await readJson(c, passwordOnly);
    const result = await callAuth(c, '/two-factor/disable', { body: { password } });
    if (result.status >= 400)
      throw badRequest(WRONG_CURRENT_PASSWORD, { password: WRONG_CURRENT_PASSWORD }, 'INVALID_PASSWORD');
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  r.post('/account/sign-out', async (c) => {
    const result = await callAuth(c, '/sign-out', { body: {} });
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  return r;
}

/**
 * better-auth endpoints a browser may call directly: redirects from e-mailed links, social sign-in
 * and the session read. Everything else goes through our routes above, so nothing skips validation.
 */
export const DIRECT_AUTH_PATHS: { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^\/api\/auth\/get-session$/ },
  { method: 'GET', pattern: /^\/api\/auth\/verify-email$/ },
  { method: 'GET', pattern: /^\/api\/auth\/reset-password\/[^/]+$/ },
  { method: 'POST', pattern: /^\/api\/auth\/sign-in\/social$/ },
  { method: 'GET', pattern: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: 'POST', pattern: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: 'GET', pattern: /^\/api\/auth\/error$/ },
];
