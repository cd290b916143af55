// The request's environment as types only: what every route and service sees (deps, actor, agency).
// Kept apart from context.ts so that helpers (http.ts, identity.ts) can name these types without
// importing the session code that uses them.
import type { ApiScopes } from '#shared/api-keys.ts';
import type { Tier } from '#shared/tiers.ts';
import type { Auth } from './auth.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';
import type { Storage } from './storage.ts';

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  storage: Storage;
}

export type AgencyRole = 'owner' | 'admin' | 'team_member';

/** A plan's limits (subscription_limits); null: unlimited, as is a plan without a row. */
export interface PlanLimits {
  policies: number | null;
  customers: number | null;
}

export interface Actor {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** platform role: user | admin | super_admin */
  role: string;
  /** the user's own plan, after a lapsed trial */
  tier: Tier;
  /** agency-scoped: manage_team is the current agency owner's (see agencyScopedPermissions) */
  permissions: string[];
  agency: {
    id: string;
    name: string;
    ownerId: string;
    role: AgencyRole;
    /** the plan whose features and limits apply to this agency's book: its owner's */
    tier: Tier;
    /** the agency's IANA time zone (Settings › Agency; UTC when unset): its day for tasks and renewals */
    timeZone: string;
    /**
     * Read with the identity in its one statement (issue 17), so a create need not read them again:
     * the plan's limits, and whether the agency has an enabled webhook endpoint. Absent where the
     * caller was built another way; then each is read where it is needed. A job that outlives its
     * request drops both (`jobActor`).
     */
    limits?: PlanLimits;
    webhooks?: boolean;
  };
  /** The agency this session lost (its membership was removed) and has not been told about yet. */
  removedFromAgency: string | null;
  twoFactorEnabled: boolean;
  /** platform setting, read with the user row (one query): admins must have two-factor on */
  adminTwoFactorRequired: boolean;
  /** the client address, derived as for the rate limits (TRUST_PROXY); set per request */
  ip?: string;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    actor: Actor;
    /** set on /api/v1 by the bearer key (features/api/authenticate.ts) */
    apiKey: { keyId: string; scopes: ApiScopes };
  };
}
