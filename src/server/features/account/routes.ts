// Accounts: our routes validate with the shared schemas and apply the database-backed limits,
// then let better-auth do the password, session and token work.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  AUTH_TEXT,
  changePasswordRequestSchema,
  forgotPasswordSchema,
  invitedRegisterSchema,
  loginSchema,
  profileUpdateSchema,
  REGISTER_PASSWORD_MIN,
  registerSchema,
  RESET_PASSWORD_MIN,
  resetPasswordRequestSchema,
  safeRedirectPath,
} from '#shared/auth.ts';
import { passwordText, safeText } from '#shared/validation.ts';
import { type AppEnv, requireUser } from '#server/context.ts';
import { AppError, badRequest, tooMany } from '#server/errors.ts';
import { clientAddress, readJson } from '#server/http.ts';
import { renderMail, runInBackground, sendInBackground } from '#server/mail.ts';
import { clearLimit, consume, isLimited, RATE_RULES, release } from '#server/rate-limit.ts';
import { authErrorCode, authRequest, callAuth, forwardCookies } from './auth-proxy.ts';
import { auditSignInLockout, findUserByEmail, getMe, markDashboardSeen, updateProfile } from './service.ts';
import { checkInvitationForSignUp, joinAtSignUp } from '#server/entities/invitations.ts';
import { requireTwoFactorAccess } from '#server/platform/access.ts';
import { checkPasswordLength, readPlatformSettings } from '#server/platform/platform-settings.ts';
import { emit } from '#server/platform/events.ts';
import type { SignInOutcome } from '#shared/settings.ts';

export const INVALID_RESET_LINK = 'This password reset link is invalid, has expired or was already used. Please request a new one.';
const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const INVALID_CODE = 'That code is not valid. Please try again.';

const emailOnly = z.object({ email: forgotPasswordSchema.shape.email, redirect: safeText().max(500).optional() });

/** The confirmation link lands on the login page, which then continues to `redirect` if given. */
function confirmationTarget(redirect: string | undefined): string {
  const next = safeRedirectPath(redirect);
  return next ? `/login?verified=1&redirect=${encodeURIComponent(next)}` : '/login?verified=1';
}
const passwordOnly = z.object({ password: passwordText(AUTH_TEXT.passwordRequired).min(1, AUTH_TEXT.passwordRequired).max(128) });
const codeSchema = z.object({
  code: safeText().min(1, 'Please enter the code.').max(64),
  backup: z.boolean().optional(),
  trustDevice: z.boolean().optional(),
});

export function accountRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/account/register', async (c) => {
    const { db, auth, mailer, logger, config } = c.var.deps;
    // A sign-up through an invitation link has no company: the member joins the inviting agency.
    const body: unknown = await c.req.json().catch(() => null);
    const invited = typeof body === 'object' && body !== null && 'invitation' in body;
    const input = invited ? { ...(await readJson(c, invitedRegisterSchema)), company: undefined, plan: undefined } : await readJson(c, registerSchema);
    // SIGNUP_RATE_LIMIT, when set, overrides the super admin's platform setting (load tests, operators).
    const settings = await readPlatformSettings(db);
    const signUpLimit = config.SIGNUP_RATE_LIMIT ?? settings.sign_up_limit_per_hour;
    const signUpRule = { ...RATE_RULES.signUpPerClient, limit: signUpLimit };
    if (config.RATE_LIMIT === 'on' && !(await consume(db, `signup:ip:${clientAddress(c)}`, signUpRule)))
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    checkPasswordLength(input.password, REGISTER_PASSWORD_MIN, settings, 'password');
    const invitation = 'invitation' in input ? input.invitation : null;
    if (invitation) await checkInvitationForSignUp(db, invitation, input.email);
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      // A new sign-up spends its time hashing the password; so does this branch, so the answer's
      // timing does not tell whether the address has an account.
      await (await auth.$context).password.hash(input.password);
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
      // A parallel sign-up of the same address created it first: the same neutral answer as above.
      if (await findUserByEmail(db, input.email)) return c.json({ ok: true });
      const message = typeof result.body?.message === 'string' ? result.body.message : AUTH_TEXT.somethingWentWrong;
      throw new AppError(result.status === 422 ? 400 : 400, authErrorCode(result) ?? 'SIGN_UP_FAILED', message);
    }
    if (invitation) {
      const created = await findUserByEmail(db, input.email);
      if (created) await joinAtSignUp(db, { userId: created.id, email: created.email }, invitation);
    }
    return c.json({ ok: true });
  });

  r.post('/account/sign-in', async (c) => {
    const { db, config } = c.var.deps;
    const input = await readJson(c, loginSchema);
    const emailKey = `signin:email:${input.email}`;
    const ipKey = `signin:ip:${clientAddress(c)}`;
    const limited = config.RATE_LIMIT === 'on';
    // every attempt on a known account goes to its owner's sign-in history (Settings › Security)
    const record = (outcome: SignInOutcome) =>
      emit(db, { userId: null }, { type: 'sign_in.attempted', email: input.email, ip: clientAddress(c), userAgent: c.req.header('user-agent') ?? null, outcome });
    // The attempt is counted before the password is checked, so parallel attempts cannot all slip
    // under the limit; what turns out not to be a failure is given back below.
    if (limited) {
      // A refused attempt checks no password, so it is no failure: its reservation is given back and
      // the counts stay at the limit (what Admin › Security shows).
      if (!(await consume(db, emailKey, RATE_RULES.signInFailuresPerEmail))) {
        await release(db, emailKey);
        await record('locked_out');
        throw tooMany(AUTH_TEXT.tooManyAttempts);
      }
      if (!(await consume(db, ipKey, RATE_RULES.signInFailuresPerClient))) {
        await Promise.all([release(db, emailKey), release(db, ipKey)]);
        await record('locked_out');
        throw tooMany(AUTH_TEXT.tooManyAttempts);
      }
    }
    const releaseBoth = async () => {
      if (limited) await Promise.all([release(db, emailKey), release(db, ipKey)]);
    };
    let result;
    try {
      result = await callAuth(c, '/sign-in/email', {
        body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      });
    } catch (err) {
      await releaseBoth();
      throw err;
    }
    if (result.status === 403 && authErrorCode(result) === 'EMAIL_NOT_VERIFIED') {
      await releaseBoth();
      await record('unconfirmed');
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_TEXT.emailNotConfirmedInline);
    }
    if (result.status >= 400) {
      // the failure that brings the e-mail to its limit is a lockout, for the audit log
      if (limited && (await isLimited(db, emailKey, RATE_RULES.signInFailuresPerEmail)))
        await auditSignInLockout(db, input.email, clientAddress(c));
      await record('wrong_password');
      throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
    }
    if (limited) await Promise.all([clearLimit(db, emailKey), release(db, ipKey)]);
    await record('success');
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
    const { auth, db, config, logger } = c.var.deps;
    const { email, redirect } = await readJson(c, emailOnly);
    if (
      config.RATE_LIMIT === 'on' &&
      (!(await consume(db, `verify:email:${email}`, RATE_RULES.verificationPerEmail)) ||
        !(await consume(db, `verify:ip:${clientAddress(c)}`, RATE_RULES.verificationPerClient)))
    )
      throw tooMany(AUTH_TEXT.tooManyAttempts);
    // Every address takes the same path, after the answer: better-auth mails an unconfirmed
    // account and only signs a token otherwise, so neither the answer nor its timing tells them apart.
    const request = authRequest(c, '/send-verification-email', {
      body: { email, callbackURL: confirmationTarget(redirect) },
      withCookie: false,
    });
    runInBackground(() => auth.handler(request), logger, 'resending the confirmation e-mail');
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
    checkPasswordLength(input.newPassword, RESET_PASSWORD_MIN, await readPlatformSettings(c.var.deps.db), 'newPassword');
    const result = await callAuth(c, '/reset-password', { body: { token: input.token, newPassword: input.newPassword } });
    if (result.status >= 400) throw badRequest(INVALID_RESET_LINK, undefined, 'INVALID_TOKEN');
    return c.json({ ok: true });
  });

  r.get('/me', requireUser, async (c) => c.json(await getMe(c.var.deps.db, c.var.actor)));
  r.post('/account/dashboard-seen', requireUser, async (c) => {
    await markDashboardSeen(c.var.deps.db, c.var.actor);
    return c.json({ ok: true });
  });

  r.patch('/profile', requireUser, async (c) => {
    const input = await readJson(c, profileUpdateSchema);
    return c.json({ profile: await updateProfile(c.var.deps.db, c.var.actor, input) });
  });

  r.post('/account/change-password', requireUser, async (c) => {
    const input = await readJson(c, changePasswordRequestSchema);
    checkPasswordLength(input.newPassword, RESET_PASSWORD_MIN, await readPlatformSettings(c.var.deps.db), 'newPassword');
    const result = await callAuth(c, '/change-password', {
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    });
    if (result.status >= 400)
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }, 'INVALID_PASSWORD');
    forwardCookies(c, result);
    return c.json({ ok: true });
  });

  // Two-factor authentication is an Enterprise feature (platform.md §6), open to admins too (issue 16).
  r.post('/account/two-factor/enable', requireTwoFactorAccess, async (c) => {
    const { password } = await readJson(c, passwordOnly);
    const result = await callAuth(c, '/two-factor/enable', { body: { password, issuer: 'PolicyDesk' } });
    if (result.status >= 400)
      throw badRequest(WRONG_CURRENT_PASSWORD, { password: WRONG_CURRENT_PASSWORD }, 'INVALID_PASSWORD');
    forwardCookies(c, result);
    return c.json({ totpURI: result.body?.totpURI, backupCodes: result.body?.backupCodes });
  });

  r.post('/account/two-factor/confirm', requireTwoFactorAccess, async (c) => {
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
