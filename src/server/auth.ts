// better-auth: passwords, sessions, e-mail verification, reset, social sign-in and TOTP two-factor.
// The profile lives on the user row, so it is written in the same statement as the account.
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { splitFullName } from '#shared/auth.ts';
import { TRIAL_DAYS, tierFromSignupPlan } from '#shared/tiers.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import * as schema from './db/schema.ts';
import type { Logger } from './logger.ts';
import { renderMail, sendInBackground, type Mailer } from './mail.ts';

export const SESSION_DAYS = 30;
/** better-auth moves a session's expiry forward once this many seconds have passed since the last move. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

/** How passwords are hashed and checked: better-auth's own scrypt unless a test harness passes another. */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  /** Only API tests pass this (src/server/test/harness.ts): never read from the environment. */
  passwordHashing?: PasswordHashing;
}

export function createAuth({ db, config, mailer, logger, passwordHashing }: AuthDeps) {
  const origins = new Set([config.appUrl]);
  // localhost and 127.0.0.1 name the same server; accept both so neither breaks sign-in.
  const url = new URL(config.appUrl);
  if (url.hostname === 'localhost') origins.add(config.appUrl.replace('//localhost', '//127.0.0.1'));
  if (url.hostname === '127.0.0.1') origins.add(config.appUrl.replace('//127.0.0.1', '//localhost'));

  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    socialProviders.google = { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET)
    socialProviders.microsoft = { clientId: config.MICROSOFT_CLIENT_ID, clientSecret: config.MICROSOFT_CLIENT_SECRET };

  return betterAuth({
    appName: 'PolicyDesk',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [...origins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    // Our own limiter (rate-limit.ts) keeps its counters in the database for every instance.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      cookiePrefix: 'policydesk',
      useSecureCookies: url.protocol === 'https:',
      // Vitest sets NODE_ENV=test, which would switch the origin check off; keep it on everywhere.
      disableOriginCheck: false,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false, defaultValue: '' },
        lastName: { type: 'string', required: false, input: false, defaultValue: '' },
        company: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        subscriptionTier: { type: 'string', required: false, input: false, defaultValue: 'starter' },
        subscriptionStatus: { type: 'string', required: false, input: false, defaultValue: 'active' },
        trialEndsAt: { type: 'date', required: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: {
        activeAgencyId: { type: 'string', required: false, input: false },
        removedFromAgency: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // 8 at registration is checked by our schema; reset and change allow 6 (platform.md §9).
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url: link }) => {
        sendInBackground(
          mailer,
          renderMail({
            to: user.email,
            subject: 'Reset your PolicyDesk password',
            paragraphs: [
              'We received a request to reset the password of your PolicyDesk account.',
              'The link below works once and expires in one hour. If you did not ask for it, you can ignore this e-mail; your password stays as it is.',
            ],
            action: { label: 'Choose a new password', url: link },
          }),
          logger,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url: link }) => {
        sendInBackground(
          mailer,
          renderMail({
            to: user.email,
            subject: 'Confirm your PolicyDesk account',
            greeting: `Hello ${(user as { firstName?: string }).firstName || user.name},`,
            paragraphs: [
              'Welcome to PolicyDesk. Please confirm your e-mail address to activate your account.',
              'The link expires in 24 hours.',
            ],
            action: { label: 'Confirm my e-mail', url: link },
          }),
          logger,
        );
      },
    },
    socialProviders,
    plugins: [twoFactor({ issuer: 'PolicyDesk' })],
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            const body = (ctx?.body ?? {}) as { plan?: unknown };
            const { firstName, lastName } = splitFullName(String(data.name ?? ''));
            const tier = tierFromSignupPlan(body.plan);
            const trial = tier !== 'starter';
            return {
              data: {
                ...data,
                firstName,
                lastName,
                role: 'user',
                subscriptionTier: tier,
                subscriptionStatus: trial ? 'trialing' : 'active',
                trialEndsAt: trial ? new Date(Date.now() + TRIAL_DAYS * 86_400_000) : null,
              },
            };
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await db.update(schema.user).set({ lastLoginAt: new Date() }).where(eq(schema.user.id, session.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
