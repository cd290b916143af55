// Opens everything the app needs, so main.ts, tests and scripts build it the same way.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createAuth } from './auth.ts';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { openPglite, openPostgres, runMigrations, type Database } from './db/client.ts';
import { subscriptionLimits, user } from './db/schema.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail.ts';
import { storageFromConfig, type Storage } from './storage.ts';
import { featuresIntroducedIn } from '#shared/features.ts';
import { DEFAULT_LIMITS, TIERS } from '#shared/tiers.ts';

export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite(path.join(config.DATA_DIR, 'db'));
}

export function buildDeps(config: Config, database: Database, logger: Logger, overrides: { mailer?: Mailer; storage?: Storage } = {}): Deps {
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), logger });
  const storage = overrides.storage ?? storageFromConfig(config, path.join(config.DATA_DIR, 'files'));
  const auth = createAuth({ db: database.db, config, mailer, logger });
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

async function ensureSuperAdmin(deps: Deps, email: string, password: string) {
  const { db, auth, logger } = deps;
  const normalized = email.toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, normalized));
  if (!existing) {
    // Created directly (confirmed, no confirmation e-mail); the password is hashed by better-auth.
    const ctx = await auth.$context;
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
  }
  await db
    .update(user)
    .set({ role: 'super_admin', emailVerified: true, subscriptionTier: 'enterprise', subscriptionStatus: 'active', updatedAt: sql`now()` })
    .where(eq(user.email, normalized));
}

export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
}
