// Opens everything the app needs, so main.ts, tests and scripts build it the same way.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { createAuth, type PasswordHashing } from './auth.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { ConfigError, type LoadedConfig } from './config.ts';
import type { Deps } from './context.ts';
import { openPglite, openPostgres, runMigrations, type Database } from './db/client.ts';
import { account, session, subscriptionLimits, twoFactor, user, verification } from './db/schema.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail.ts';
import { storageFromConfig, type Storage } from './storage.ts';
import { featuresIntroducedIn } from '#shared/features.ts';
import { DEFAULT_LIMITS, TIERS } from '#shared/tiers.ts';

export async function openDatabase(
  config: Pick<LoadedConfig, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<LoadedConfig, 'DATABASE_POOLER' | 'DATABASE_MIGRATION_URL'>>,
): Promise<Database> {
  if (config.DATABASE_URL)
    return openPostgres(config.DATABASE_URL, {
      pooler: config.DATABASE_POOLER === 'transaction' ? 'transaction' : undefined,
      migrationUrl: config.DATABASE_MIGRATION_URL,
    });
  return openPglite(path.join(config.DATA_DIR, 'db'));
}

export function buildDeps(
  loaded: LoadedConfig,
  database: Database,
  logger: Logger,
  overrides: { mailer?: Mailer; storage?: Storage; passwordHashing?: PasswordHashing } = {},
): Deps {
  const config = resolveAuthSecret(loaded);
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), logger });
  const storage = overrides.storage ?? storageFromConfig(config, path.join(config.DATA_DIR, 'files'));
  const auth = createAuth({ db: database.db, config, mailer, logger, passwordHashing: overrides.passwordHashing });
  return { config, database, db: database.db, auth, mailer, logger, storage };
}

/** Idempotent start-up data: the plan limits and the configured super admin. */
export async function seedEssentials(deps: Deps): Promise<void> {
  const { db, config, logger } = deps;
  await db
    .insert(subscriptionLimits)
    .values(
      TIERS.map((tier) => ({
        tierName: tier,
        maxClients: DEFAULT_LIMITS[tier].maxClients,
        maxPolicies: DEFAULT_LIMITS[tier].maxPolicies,
        featuresJson: featuresIntroducedIn(tier),
      })),
    )
    .onConflictDoNothing();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureSuperAdmin(deps, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  logger.debug('essentials seeded');
}

/**
 * The operator's super admin. An existing row with that address is only trusted when it already is
 * the super admin, or when ADMIN_PASSWORD is its password (a demoted super admin gets its role
 * back). An unconfirmed row may be anyone's (sign-up needs no mailbox), so it is taken over
 * cleanly; a confirmed row of someone else stops the start. ADMIN_PASSWORD never resets the
 * password of an existing super admin: a changed password stays changed.
 */
async function ensureSuperAdmin(deps: Deps, email: string, password: string) {
  const { db, auth, logger } = deps;
  const ctx = await auth.$context;
  const normalized = email.toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, normalized));
  if (!existing) {
    // Created directly (confirmed, no confirmation e-mail); the password is hashed by better-auth.
    const created = await ctx.internalAdapter.createUser({
      name: 'Super Admin',
      email: normalized,
      emailVerified: true,
      firstName: 'Super',
      lastName: 'Admin',
      role: 'super_admin',
      subscriptionTier: 'enterprise',
      subscriptionStatus: 'active',
    }, { method: 'admin' });
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: await ctx.password.hash(password),
    });
    logger.info({ email: normalized }, 'super admin account created');
  } else if (existing.role !== 'super_admin') {
    const [credential] = await db
      .select()
      .from(account)
      .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')));
    if (!existing.emailVerified) {
      await takeOverUnconfirmed(deps, existing.id, credential?.id, await ctx.password.hash(password));
      logger.warn(
        { email: normalized },
        'ADMIN_EMAIL belonged to an unconfirmed account: it was taken over as the super admin (password set from ADMIN_PASSWORD, every session ended)',
      );
    } else if (credential?.password && (await ctx.password.verify({ hash: credential.password, password }))) {
      logger.warn({ email: normalized }, 'ADMIN_EMAIL names a confirmed account whose password is ADMIN_PASSWORD: it is made super admin again');
    } else {
      throw new ConfigError(
        `Refusing to start: ADMIN_EMAIL (${normalized}) belongs to a confirmed account that is not a super admin, and ADMIN_PASSWORD is not its password. ` +
          'It is not given the super_admin role. Choose another ADMIN_EMAIL, or set ADMIN_PASSWORD to that account\'s password if it is yours.',
      );
    }
  }
  await db
    .update(user)
    .set({ role: 'super_admin', emailVerified: true, subscriptionTier: 'enterprise', subscriptionStatus: 'active', updatedAt: sql`now()` })
    .where(eq(user.email, normalized));
}

/** Leaves nothing of the previous holder: password, sessions, other sign-in methods, pending tokens, profile. */
async function takeOverUnconfirmed(deps: Deps, userId: string, credentialId: string | undefined, passwordHash: string) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(account).where(and(eq(account.userId, userId), ne(account.providerId, 'credential')));
    if (credentialId) await tx.update(account).set({ password: passwordHash, updatedAt: new Date() }).where(eq(account.id, credentialId));
    else await tx.insert(account).values({ id: randomUUID(), userId, providerId: 'credential', accountId: userId, password: passwordHash });
    await tx
      .update(user)
      .set({
        name: 'Super Admin',
        firstName: 'Super',
        lastName: 'Admin',
        company: null,
        phone: null,
        twoFactorEnabled: false,
        trialEndsAt: null,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
  });
}

export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
}
