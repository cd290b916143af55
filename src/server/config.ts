// Environment, parsed once with zod; a bad value stops the server with a clear message.
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const urlString = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), `${name} must be a full URL`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Server processes with PostgreSQL (node:cluster); empty: one per core. PGlite always runs one. */
    WORKERS: z.coerce.number().int('WORKERS must be a whole number').min(1, 'WORKERS must be at least 1').max(256).optional(),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'DATABASE_URL must start with postgres:// or postgresql://',
    ),
    /**
     * `transaction` behind a pooler in transaction mode (PgBouncer pool_mode=transaction): statements
     * are sent unnamed and migrations lock per transaction (decision 042). `none`: a direct server.
     */
    DATABASE_POOLER: z.enum(['none', 'transaction'], 'DATABASE_POOLER must be transaction (PgBouncer in transaction mode) or none').default('none'),
    /** Direct to the server, past the pooler: migrations run over it when set. */
    DATABASE_MIGRATION_URL: optionalString.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'DATABASE_MIGRATION_URL must start with postgres:// or postgresql://',
    ),
    APP_URL: urlString('APP_URL'),
    AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'AUTH_SECRET must be at least 32 characters'),
    SMTP_URL: optionalString.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'SMTP_URL must look like smtp://user:pass@host:587',
    ),
    MAIL_FROM: z.string().default('PolicyDesk <no-reply@policydesk.local>'),
    SUPPORT_EMAIL: z.string().email('SUPPORT_EMAIL must be an e-mail address').default('support@policydesk.local'),
    ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, 'ADMIN_EMAIL must be an e-mail address'),
    ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, 'ADMIN_PASSWORD must be at least 8 characters'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    MICROSOFT_CLIENT_ID: optionalString,
    MICROSOFT_CLIENT_SECRET: optionalString,
    S3_ENDPOINT: urlString('S3_ENDPOINT'),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Behind a load balancer: read the client address from X-Forwarded-For. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Rate limits can be loosened for load tests; never off in production by default. */
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    /** Requests per API key and minute on /api/v1 (issue 15); lowered in tests. */
    API_RATE_LIMIT: z.coerce.number().int('API_RATE_LIMIT must be a whole number').min(1, 'API_RATE_LIMIT must be at least 1').default(600),
    /** Sign-ups accepted per client address and hour. */
    /** Webhooks to loopback and private addresses: for tests and local use only (decision 028). */
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['1', '0', 'true', 'false'], 'WEBHOOKS_ALLOW_PRIVATE must be 1 or 0')
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /** How long a webhook receiver may take to answer. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SIGNUP_RATE_LIMIT: z.coerce.number().int('SIGNUP_RATE_LIMIT must be a whole number').min(1, 'SIGNUP_RATE_LIMIT must be at least 1').optional(),
    /** Bulk actions (issue 13): up to this many records in one transaction, more as a job. */
    BULK_SYNC_LIMIT: z.coerce.number().int('BULK_SYNC_LIMIT must be a whole number').min(1, 'BULK_SYNC_LIMIT must be at least 1').default(1000),
    /** Records per transaction of a bulk job. */
    BULK_BATCH_SIZE: z.coerce.number().int('BULK_BATCH_SIZE must be a whole number').min(1, 'BULK_BATCH_SIZE must be at least 1').default(500),
    /**
     * After SIGTERM, how long the server keeps accepting while /api/health answers 503 "draining", so
     * a load balancer stops sending to it before it stops listening (decision 050). 0: at once.
     */
    SHUTDOWN_GRACE_MS: z.coerce
      .number()
      .int('SHUTDOWN_GRACE_MS must be a whole number')
      .min(0, 'SHUTDOWN_GRACE_MS must be 0 or more')
      .max(60_000, 'SHUTDOWN_GRACE_MS must be at most 60000')
      .default(0),
  })
  .refine((e) => e.DATABASE_URL || e.DATABASE_POOLER === 'none', {
    message: 'DATABASE_POOLER needs DATABASE_URL (the embedded database has no pooler)',
    path: ['DATABASE_POOLER'],
  })
  .refine((e) => e.DATABASE_URL || !e.DATABASE_MIGRATION_URL, {
    message: 'DATABASE_MIGRATION_URL needs DATABASE_URL (the embedded database migrates itself)',
    path: ['DATABASE_MIGRATION_URL'],
  })
  .refine((e) => !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export type Env = z.output<typeof envSchema>;

export interface Config extends Env {
  appUrl: string;
  authSecret: string;
  databaseKind: 'pglite' | 'postgres';
}

/** What loadConfig knows without touching the disk: the secret may still have to come from DATA_DIR (auth-secret.ts). */
export type LoadedConfig = Omit<Config, 'authSecret'> & { authSecret?: string };

export function loadConfig(source: Record<string, string | undefined> = process.env): LoadedConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // A public deployment must not depend on a file that a redeploy or a second instance would not share.
  if (!env.AUTH_SECRET && (env.NODE_ENV === 'production' || appUrl.startsWith('https:'))) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production or APP_URL is https (32+ random characters, e.g. `openssl rand -hex 32`), the same on every instance',
    );
  }
  return { ...env, appUrl, authSecret: env.AUTH_SECRET, databaseKind: env.DATABASE_URL ? 'postgres' : 'pglite' };
}

export class ConfigError extends Error {}
