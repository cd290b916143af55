// One drizzle schema for every table. Columns are snake_case in SQL (drizzle casing), camelCase here.
// better-auth owns user, session, account, verification, two_factor; the profile lives on user.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// The enum lists of the check constraints are the shared ones the schemas validate with.
import { ACTIVITY_KINDS } from '#shared/activity.ts';
import { COMMUNICATION_TYPES } from '#shared/communications.ts';
import { CONTACT_REASONS } from '#shared/contact.ts';
import { CUSTOMER_TYPES } from '#shared/customers.ts';
import { OPPORTUNITY_STAGES } from '#shared/pipeline.ts';
import { TASK_PRIORITIES } from '#shared/tasks.ts';
import { PAYMENT_METHODS, SUBMISSION_STATUSES } from '#shared/payments.ts';
import { NOTIFICATION_KINDS } from '#shared/notifications.ts';
import { DELIVERY_STATUSES } from '#shared/webhooks.ts';
import { POLICY_STATUSES } from '#shared/policies.ts';
import { CANCEL_METHODS, CANCEL_REASONS } from '#shared/policy-status.ts';
import { LOST_REASONS, RENEWAL_STATES } from '#shared/renewals.ts';
import { PREMIUM_METHODS } from '#shared/premium-payments.ts';
import { ACCOUNT_ROLES } from '#shared/roles.ts';
import { SIGN_IN_OUTCOMES } from '#shared/settings.ts';
import { INVITATION_STATUSES, INVITE_ROLES } from '#shared/team.ts';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_STATUSES } from '#shared/imports.ts';
import { BULK_ENTITIES, BULK_KINDS, BULK_STATES } from '#shared/bulk.ts';
import { PAID_TIERS, SUBSCRIPTION_STATUSES, TIERS } from '#shared/tiers.ts';
import { CHANGE_KINDS, REQUEST_STATES } from '#shared/portal.ts';
import { SIGNATURE_KINDS, SIGNATURE_STATES } from '#shared/portal-messages.ts';

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp(tz).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

// ---------------------------------------------------------------- accounts (better-auth)

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    twoFactorEnabled: boolean().notNull().default(false),
    // profile (platform.md §3)
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    company: text(),
    phone: text(),
    role: text().notNull().default('user'),
    subscriptionTier: text().notNull().default('starter'),
    subscriptionStatus: text().notNull().default('active'),
    trialEndsAt: timestamp(tz),
    lastLoginAt: timestamp(tz),
    /** first view of the dashboard: before it the greeting is "Welcome", after it "Welcome back" */
    dashboardSeenAt: timestamp(tz),
    /** The daily renewals digest e-mail is sent unless the user opted out (issue 11). */
    digestOptOut: boolean().notNull().default(false),
  },
  (t) => [
    check('user_role_check', inList('role', ACCOUNT_ROLES)),
    check('user_tier_check', inList('subscription_tier', TIERS)),
    check('user_status_check', inList('subscription_status', SUBSCRIPTION_STATUSES)),
    index('user_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('user_role_idx').on(t.role),
    // admin users list sorted by name (src/server/features/admin/users-service.ts)
    index('user_name_idx').on(t.firstName, t.lastName, t.id),
    // System Analytics: trials ending this week
    index('user_trial_ends_idx').on(t.trialEndsAt).where(sql`subscription_status = 'trialing'`),
    index('user_search_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.company}, '')) gin_trgm_ops`,
    ),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp(tz).notNull(),
    token: text().notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The agency this session works in; switched from the avatar menu, never taken from a request. */
    activeAgencyId: uuid(),
    /** The agency this session was removed from, until the user has been told (GET /api/me). */
    removedFromAgency: text(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp(tz),
    refreshTokenExpiresAt: timestamp(tz),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp(tz).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp(tz),
  },
  (t) => [index('two_factor_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance (sign-in, sign-up, reset, contact form). */
export const rateLimit = pgTable('rate_limit', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: bigint({ mode: 'number' }).notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    permissionName: text().notNull(),
    grantedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionName] })],
);

export const subscriptionLimits = pgTable('subscription_limits', {
  tierName: text().primaryKey(),
  maxClients: integer(),
  maxPolicies: integer(),
  featuresJson: jsonb().$type<string[]>().notNull().default([]),
});

// ---------------------------------------------------------------- agencies (the tenant)

export const agencies = pgTable(
  'agencies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Every user owns exactly one personal agency; its plan and limits are the owner's. */
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A renewal whose premium rises by at least this many percent is flagged Remarket. */
    remarketThreshold: integer().notNull().default(10),
    createdAt: createdAt(),
    // /dashboard/settings › Agency (src/shared/settings.ts); the renewals issue adds its threshold here
    address: text(),
    phone: text(),
    email: text(),
    /** IANA name, validated by the shared schema; dates, renewal buckets and the digest hour follow it */
    timezone: text().notNull().default('UTC'),
  },
  (t) => [
    uniqueIndex('agencies_owner_uq').on(t.ownerId),
    check('agencies_remarket_threshold_check', sql`remarket_threshold between 0 and 1000`),
  ],
);

export const AGENCY_ROLES = ['owner', 'admin', 'team_member'] as const;

export const agencyMembers = pgTable(
  'agency_members',
  {
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    index('agency_members_user_idx').on(t.userId),
    check('agency_members_role_check', inList('role', AGENCY_ROLES)),
  ],
);

export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    invitedBy: text().references(() => user.id, { onDelete: 'set null' }),
    email: text().notNull(),
    role: text().notNull().default('team_member'),
    status: text().notNull().default('pending'),
    /** sha-256 of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    invitedAt: createdAt(),
    expiresAt: timestamp(tz).notNull(),
    acceptedAt: timestamp(tz),
    acceptedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    // agency_id in a key of every tenant table: the distribution column on Citus (decision 044)
    unique('user_invitations_agency_id_uq').on(t.agencyId, t.id),
    index('user_invitations_agency_idx').on(t.agencyId, t.status, t.email),
    uniqueIndex('user_invitations_pending_uq').on(t.agencyId, t.email).where(sql`status = 'pending'`),
    check('user_invitations_role_check', inList('role', INVITE_ROLES)),
    check('user_invitations_status_check', inList('status', INVITATION_STATUSES)),
  ],
);

// ---------------------------------------------------------------- the book of business

export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** stored lower-case; unique per agency */
    email: text().notNull(),
    phone: text(),
    address: text(),
    city: text(),
    postalCode: text(),
    dateOfBirth: date({ mode: 'string' }),
    customerType: text().notNull().default('individual'),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_agency_email_uq').on(t.agencyId, t.email),
    // The target of the composite (agency_id, customer_id) foreign keys: a link never crosses agencies.
    unique('customers_agency_id_uq').on(t.agencyId, t.id),
    index('customers_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // list sorts (src/server/lists.ts): one index per sortable column, read in either direction
    index('customers_agency_name_idx').on(t.agencyId, t.name, t.id),
    // /api/v1 lists: keyset paging in (updated_at, id) order, from updated_since
    index('customers_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    index('customers_agency_type_created_idx').on(t.agencyId, t.customerType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Search reads only the caller's agency: btree_gin puts agency_id in the trigram index (issue 17);
    // fastupdate off (decision 085): after an import every search would otherwise also read the pending list.
    index('customers_agency_search_trgm_idx')
      .using('gin', t.agencyId, sql`lower(${t.name} || ' ' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('customers_type_check', inList('customer_type', CUSTOMER_TYPES)),
  ],
);

export const policies = pgTable(
  'policies',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    customerId: uuid(),
    policyNumber: text().notNull(),
    insuranceCompany: text().notNull(),
    policyType: text().notNull(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text(),
    premiumAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    coverageAmount: numeric({ precision: 16, scale: 2 }).notNull(),
    deductible: numeric({ precision: 14, scale: 2 }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /**
     * What derivePolicyStatus (#shared/policy-status.ts) said at the last write or daily run (decision
     * 052): the index's key for the status filter. Reads apply the rule again on their own day.
     */
    status: text().notNull().default('pending'),
    /** the agent's choice: Active (bound) or Pending; the dates decide the rest */
    bound: boolean().notNull().default(false),
    cancelEffectiveDate: date({ mode: 'string' }),
    cancelReason: text(),
    cancelMethod: text(),
    unearnedPremium: numeric({ precision: 14, scale: 2 }),
    /** A member of the agency (composite key to agency_members); the owner takes over a removed member's terms. */
    assigneeId: text(),
    renewalState: text().notNull().default('not_started'),
    lostReason: text(),
    lostNote: text(),
    /** The term this one renews; unique, so a term is renewed at most once (its successor is the row pointing here). */
    renewedFromId: uuid(),
    /** Set when this term was renewed with a premium rise at or above the agency's remarket threshold. */
    remarket: boolean().notNull().default(false),
    /**
     * The line's details, as its schema in src/shared/lines outputs them (decision 051): validated on
     * every write by that schema, so a new line needs no table, column or check of its own.
     */
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policies_agency_number_uq').on(t.agencyId, t.policyNumber),
    unique('policies_renewed_from_uq').on(t.agencyId, t.renewedFromId),
    foreignKey({
      name: 'policies_renewed_from_fk',
      columns: [t.agencyId, t.renewedFromId],
      foreignColumns: [t.agencyId, t.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'policies_assignee_fk',
      columns: [t.agencyId, t.assigneeId],
      foreignColumns: [agencyMembers.agencyId, agencyMembers.userId],
    }).onDelete('set null'),
    // The cockpit reads an agency's terms by end date. The columns its aggregate reads follow in the
    // key (drizzle has no INCLUDE), so buckets, retention and carriers come from an index-only scan.
    index('policies_agency_end_idx').on(
      t.agencyId,
      t.endDate,
      t.renewalState,
      t.status,
      t.premiumAmount,
      t.policyType,
      t.assigneeId,
      t.insuranceCompany,
      t.id,
    ),
    index('policies_agency_assignee_end_idx').on(t.agencyId, t.assigneeId, t.endDate),
    check('policies_renewal_state_check', inList('renewal_state', RENEWAL_STATES)),
    check('policies_lost_reason_check', sql`lost_reason is null or ${inList('lost_reason', LOST_REASONS)}`),
    check('policies_lost_has_reason_check', sql`(renewal_state = 'lost') = (lost_reason is not null)`),
    unique('policies_agency_id_uq').on(t.agencyId, t.id),
    // ON DELETE SET NULL (customer_id) in the migration: agency_id stays, only the link goes.
    foreignKey({ name: 'policies_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'set null',
    ),
    index('policies_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Production counts a term in the month it starts (decision 053): its range and month grouping
    // read start_date, and the month view's sums (premium, new or renewal) come from the index alone.
    index('policies_agency_start_idx').on(t.agencyId, t.startDate, t.renewedFromId, t.premiumAmount),
    // list sorts (src/server/lists.ts): one index per sortable column, read in either direction
    index('policies_agency_end_date_idx').on(t.agencyId, t.endDate, t.id),
    // /api/v1 lists: keyset paging in (updated_at, id) order, from updated_since
    index('policies_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    index('policies_agency_premium_idx').on(t.agencyId, t.premiumAmount, t.id),
    index('policies_agency_type_created_idx').on(t.agencyId, t.policyType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('policies_agency_status_created_idx').on(t.agencyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('policies_customer_idx').on(t.customerId),
    // Statement matching (issue 31) joins a statement's numbers on the number without case, spaces or
    // dashes: the same expression as entities/commissions/statement-lines.ts, character for character.
    index('policies_agency_number_key_idx').on(t.agencyId, sql`regexp_replace(upper(${t.policyNumber}), '[[:space:]–—-]', '', 'g')`),
    // The match dialog's search (issue 31, decision 081): the normalised number (the expression above)
    // and the insured's name contain the search, or the name equals the line's insured; with agency_id.
    // fastupdate off: every search would otherwise also read the pending list of recent writes (up to 4 MB).
    index('policies_agency_match_trgm_idx')
      .using('gin', t.agencyId, sql`regexp_replace(upper(${t.policyNumber}), '[[:space:]–—-]', '', 'g') gin_trgm_ops`, sql`lower(${t.customerName}) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    // Search reads only the caller's agency: btree_gin puts agency_id in the trigram index (issue 17);
    // fastupdate off (decision 085): after an import every search would otherwise also read the pending list.
    index('policies_agency_search_trgm_idx')
      .using('gin', t.agencyId, sql`lower(${t.policyNumber} || ' ' || ${t.customerName} || ' ' || ${t.insuranceCompany}) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('policies_status_check', inList('status', POLICY_STATUSES)),
    check('policies_cancel_reason_check', sql`cancel_reason is null or ${inList('cancel_reason', CANCEL_REASONS)}`),
    check('policies_cancel_method_check', sql`cancel_method is null or ${inList('cancel_method', CANCEL_METHODS)}`),
    // a reason, method and refund only with an effective date (a cancellation from before issue 29 has none of them)
    check('policies_cancel_whole_check', sql`cancel_effective_date is not null or (cancel_reason is null and cancel_method is null and unearned_premium is null)`),
    check('policies_money_check', sql`premium_amount >= 0 and coverage_amount >= 0 and deductible >= 0`),
  ],
);

export const customerCommunications = pgTable(
  'customer_communications',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    type: text().notNull(),
    subject: text(),
    content: text().notNull(),
    communicationDate: timestamp(tz).notNull().defaultNow(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Append-only log (issue 14): a correction is a new entry that names the one it corrects. */
    correctsId: uuid(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    index('communications_customer_idx').on(t.customerId, t.communicationDate.desc().nullsFirst()),
    index('communications_agency_idx').on(t.agencyId),
    unique('communications_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({
      name: 'communications_corrects_fk',
      columns: [t.agencyId, t.correctsId],
      foreignColumns: [t.agencyId, t.id],
    }),
    // the customer timeline's keyset (agency, customer, newest first)
    index('communications_timeline_idx').on(t.agencyId, t.customerId, t.communicationDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /api/v1 lists: keyset paging in (updated_at, id) order, from updated_since
    index('communications_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    foreignKey({
      name: 'communications_customer_fk',
      columns: [t.agencyId, t.customerId],
      foreignColumns: [customers.agencyId, customers.id],
    }).onDelete('cascade'),
    check('communications_type_check', inList('type', COMMUNICATION_TYPES)),
  ],
);

/** What happened in an agency: shown as Recent Activity and the activity log. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    action: text().notNull(),
    entityId: uuid(),
    summary: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('activity_agency_kind_created_idx').on(t.agencyId, t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the full export reads an agency's log in id batches (keyset); without it each batch walked the
    // primary key over every agency's rows (56 s for a 100,000-policy agency in a 1.2 M-policy book)
    // (also the agency's key on Citus, decision 044)
    unique('activity_log_agency_id_uq').on(t.agencyId, t.id),
    check('activity_kind_check', inList('kind', ACTIVITY_KINDS)),
  ],
);

// ---------------------------------------------------------------- files, payments, messages

/** Every uploaded file; served only through signed, expiring links. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A personal file (a subscription receipt) belongs to the owner's own agency, shown to nobody else there. */
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** Readable by the agency's members (premium receipts); false: only the owner and admins. */
    sharedWithAgency: boolean().notNull().default(false),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.ownerId),
    index('stored_files_agency_idx').on(t.agencyId),
    unique('stored_files_agency_id_uq').on(t.agencyId, t.id),
  ],
);

export const paymentSubmissions = pgTable(
  'payment_submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    selectedTier: text().notNull(),
    paymentMethod: text().notNull(),
    transactionReference: text(),
    paymentDate: date({ mode: 'string' }).notNull(),
    notes: text(),
    receiptFileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    status: text().notNull().default('Pending'),
    adminNotes: text(),
    verifiedBy: text().references(() => user.id, { onDelete: 'set null' }),
    verifiedAt: timestamp(tz),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_submissions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('payment_submissions_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('payment_submissions_user_paid_idx').on(t.userId, t.paymentDate, t.id),
    index('payment_submissions_status_paid_idx').on(t.status, t.paymentDate, t.id),
    // At most one submission waiting for a decision per user, even when two are sent at once.
    uniqueIndex('payment_submissions_one_pending_uq').on(t.userId).where(sql`status = 'Pending'`),
    check('payment_tier_check', inList('selected_tier', PAID_TIERS)),
    check('payment_method_check', inList('payment_method', PAYMENT_METHODS)),
    check('payment_status_check', inList('status', SUBMISSION_STATUSES)),
  ],
);

/** A client's premium payment recorded by the agency (the /payment-receipt page). */
export const premiumPayments = pgTable(
  'premium_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    policyId: uuid().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    clientName: text().notNull(),
    policyNumber: text().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    paymentMethod: text().notNull(),
    notes: text(),
    createdAt: createdAt(),
    /** a payment's own fields never change; its answer does when its author renames themselves (decision 083) */
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    index('premium_payments_policy_idx').on(t.policyId, t.createdAt.desc().nullsFirst()),
    index('premium_payments_agency_idx').on(t.agencyId),
    unique('premium_payments_agency_id_uq').on(t.agencyId, t.id),
    // /api/v1 list: keyset paging in (updated_at, id) order, from updated_since
    index('premium_payments_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    foreignKey({
      name: 'premium_payments_policy_fk',
      columns: [t.agencyId, t.policyId],
      foreignColumns: [policies.agencyId, policies.id],
    }).onDelete('cascade'),
    check(
      'premium_method_check',
      inList('payment_method', PREMIUM_METHODS),
    ),
    check('premium_amount_check', sql`amount > 0`),
  ],
);

export const premiumPaymentFiles = pgTable(
  'premium_payment_files',
  {
    paymentId: uuid().notNull(),
    fileId: uuid().notNull(),
    agencyId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ name: 'premium_payment_files_pkey', columns: [t.agencyId, t.paymentId, t.fileId] }),
    foreignKey({
      name: 'premium_payment_files_payment_fk',
      columns: [t.agencyId, t.paymentId],
      foreignColumns: [premiumPayments.agencyId, premiumPayments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'premium_payment_files_file_fk',
      columns: [t.agencyId, t.fileId],
      foreignColumns: [storedFiles.agencyId, storedFiles.id],
    }).onDelete('cascade'),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    contactReason: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    readAt: timestamp(tz),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst()),
    check(
      'contact_reason_check',
      inList('contact_reason', CONTACT_REASONS),
    ),
  ],
);

// ---------------------------------------------------------------- audit and platform settings

/**
 * Append-only record of privileged actions. Actor and target are plain ids (no foreign key) plus
 * their e-mail at the time, so deleting a user keeps its history; a trigger refuses UPDATE/DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: text(),
    actorEmail: text(),
    ip: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorEmail, t.createdAt.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
    index('audit_log_target_label_idx').on(t.targetLabel, t.createdAt.desc().nullsFirst()),
    index('audit_log_target_id_idx').on(t.targetId, t.createdAt.desc().nullsFirst()),
  ],
);

/** The one row (id = 1) of settings a super admin changes at /admin/security. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer().primaryKey().default(1),
    minPasswordLength: integer().notNull().default(8),
    requireAdminTwoFactor: boolean().notNull().default(false),
    sessionLifetimeDays: integer().notNull().default(30),
    signUpLimitPerHour: integer().notNull().default(10),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id} = 1`),
    check('platform_settings_password_check', sql`${t.minPasswordLength} between 8 and 128`),
    check('platform_settings_session_check', sql`${t.sessionLifetimeDays} between 1 and 365`),
    check('platform_settings_signup_check', sql`${t.signUpLimitPerHour} between 1 and 10000`),
  ],
);

// ---------------------------------------------------------------- site content (issue 16)

/** Site-wide content settings edited by a super admin (payment instructions …), one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp(tz).notNull().defaultNow(),
});

/** The working copy of each CMS page; a page without a row still shows its starting text. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    slug: text().primaryKey(),
    title: text().notNull(),
    body: text().notNull(),
    status: text().notNull().default('draft'),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  () => [
    check('cms_pages_slug_check', inList('slug', ['about', 'privacy', 'terms', 'cookies', 'gdpr'])),
    check('cms_pages_status_check', inList('status', ['draft', 'published'])),
  ],
);

/** Every save of a CMS page, newest first; the public sees the newest published one. */
export const cmsPageRevisions = pgTable(
  'cms_page_revisions',
  {
    id: uuid().primaryKey().defaultRandom(),
    pageSlug: text()
      .notNull()
      .references(() => cmsPages.slug, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    status: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cms_page_revisions_page_idx').on(t.pageSlug, t.createdAt.desc().nullsFirst()),
    check('cms_page_revisions_status_check', inList('status', ['draft', 'published'])),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    body: text().notNull(),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    authorName: text().notNull().default(''),
    status: text().notNull().default('draft'),
    coverKey: text(),
    coverType: text(),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    ogTitle: text().notNull().default(''),
    ogImage: text().notNull().default(''),
    publishedAt: timestamp(tz),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_published_idx').on(t.status, t.publishedAt.desc().nullsFirst()),
    index('blog_posts_updated_idx').on(t.updatedAt.desc().nullsFirst()),
    check('blog_posts_status_check', inList('status', ['draft', 'published'])),
  ],
);

/** Title, description and Open Graph overrides of the public pages, keyed by path. */
export const seoEntries = pgTable('seo_entries', {
  path: text().primaryKey(),
  title: text().notNull().default(''),
  description: text().notNull().default(''),
  ogTitle: text().notNull().default(''),
  ogImage: text().notNull().default(''),
  updatedAt: timestamp(tz).notNull().defaultNow(),
});

// ---------------------------------------------------------------- imports
/**
 * One CSV import (issue 12): its progress, counts and failures, and the ids it created so it can
 * be undone. At most one running import per agency (the partial unique index).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    fileName: text().notNull(),
    duplicates: text().notNull(),
    status: text().notNull().default('running'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    message: text(),
    /** skipped and failed rows with their reasons and their cells as uploaded (issue 30), for the failures file */
    failures: jsonb().$type<{ line: number; reason: string; outcome?: 'failed' | 'skipped'; values?: string[] }[]>().notNull().default([]),
    /** the file's header row, so the failures file repeats the columns as uploaded */
    headers: jsonb().$type<string[]>().notNull().default([]),
    createdCustomerIds: jsonb().$type<string[]>().notNull().default([]),
    createdPolicyIds: jsonb().$type<string[]>().notNull().default([]),
    /** the file's rows as text, kept while the job runs so another instance can resume it (decision 043) */
    source: jsonb().$type<{ mapping: Record<string, number | null>; rows: string[][]; lines: number[] }>(),
    /** where a resumed run picks up: the chunk being worked on and which of its rows the fast path committed */
    checkpoint: jsonb().$type<{ start: number; fast: number[]; cut: number; limitMessage: string | null }>(),
    createdAt: createdAt(),
    finishedAt: timestamp(tz),
  },
  (t) => [
    unique('import_jobs_agency_id_uq').on(t.agencyId, t.id),
    index('import_jobs_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('import_jobs_one_running_uq').on(t.agencyId).where(sql`status = 'running'`),
    check('import_kind_check', inList('kind', IMPORT_KINDS)),
    check('import_duplicates_check', inList('duplicates', DUPLICATE_MODES)),
    check('import_status_check', inList('status', IMPORT_STATUSES)),
  ],
);

// ---------------------------------------------------------------- notifications and jobs

/** What a user is told (the header bell); one row per event, its dedupe key unique across instances. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    link: text().notNull(),
    dedupeKey: text().notNull().unique(),
    readAt: timestamp(tz),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
    check('notifications_kind_check', inList('kind', NOTIFICATION_KINDS)),
  ],
);

/**
 * Settings › Notifications: a row per (user, kind) the user changed; no row means on. Only the in-app
 * switch exists: no notification kind is e-mailed (the daily digest's e-mail is user.digest_opt_out).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    inApp: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('notification_preferences_kind_check', inList('kind', NOTIFICATION_KINDS))],
);

/**
 * The one job queue (decision 043): a row per job, claimed with FOR UPDATE SKIP LOCKED under a lease,
 * so any instance takes over a job whose instance died. Enqueued inside the caller's transaction.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text().notNull().default('queued'),
    /** the agency whose work it is (null: a system job) — for the admin list, and gone with the agency */
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** the first backoff; each retry waits twice the previous one, capped at an hour */
    backoffMs: integer().notNull().default(30_000),
    runAt: timestamp(tz).notNull().defaultNow(),
    lockedUntil: timestamp(tz),
    /** the claim's token: only the current claim may record progress or an outcome */
    lockedBy: text(),
    /** at most one queued or running job per key (a schedule's runs, one drain of the webhook outbox) */
    singletonKey: text(),
    progress: jsonb().$type<Record<string, unknown>>(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    finishedAt: timestamp(tz),
  },
  (t) => [
    // the claim's scan: due queued jobs and running ones whose lease may have expired
    index('jobs_due_idx').on(t.runAt).where(sql`state in ('queued', 'running')`),
    index('jobs_state_created_idx').on(t.state, t.createdAt.desc().nullsFirst()),
    uniqueIndex('jobs_singleton_uq').on(t.singletonKey).where(sql`state in ('queued', 'running')`),
    check('jobs_state_check', sql`state in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** When each schedule next runs: the instance whose update moves it on enqueues that run. */
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  nextRunAt: timestamp(tz).notNull(),
  lastRunAt: timestamp(tz),
});

/** The digest's sent-marker: written before the e-mail, so no user gets two digests for one day. */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Every sign-in attempt on a known account (success, wrong password, locked out, unconfirmed), shown
 * to its user for 90 days; older rows are removed for that user on each successful sign-in.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    ipAddress: text(),
    userAgent: text(),
    outcome: text().notNull(),
  },
  (t) => [
    index('sign_in_attempts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('sign_in_attempts_outcome_check', inList('outcome', SIGN_IN_OUTCOMES)),
  ],
);

// ---------------------------------------------------------------- CRM (Business and above)

/**
 * A sales opportunity: for a prospect (name, e-mail, phone, source) or an existing customer, on one
 * line. Winning it converts the prospect into a customer (customer_id is then set, converted_at once).
 * The composite keys to customers and agency_members null only their own column (hand-written
 * SET NULL (column) in the migration, as policies_assignee_fk).
 */
export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid(),
    prospectName: text(),
    prospectEmail: text(),
    prospectPhone: text(),
    source: text(),
    line: text().notNull(),
    estimatedPremium: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    expectedCloseDate: date({ mode: 'string' }),
    assigneeId: text(),
    stage: text().notNull().default('new_lead'),
    stageChangedAt: timestamp(tz).notNull().defaultNow(),
    lostReason: text(),
    convertedAt: timestamp(tz),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('opportunities_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({
      name: 'opportunities_customer_fk',
      columns: [t.agencyId, t.customerId],
      foreignColumns: [customers.agencyId, customers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'opportunities_assignee_fk',
      columns: [t.agencyId, t.assigneeId],
      foreignColumns: [agencyMembers.agencyId, agencyMembers.userId],
    }).onDelete('set null'),
    index('opportunities_agency_stage_idx').on(t.agencyId, t.stage, t.stageChangedAt.desc().nullsFirst(), t.id),
    index('opportunities_agency_assignee_stage_idx').on(t.agencyId, t.assigneeId, t.stage),
    index('opportunities_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('opportunities_customer_idx').on(t.agencyId, t.customerId).where(sql`customer_id is not null`),
    // the board's per-stage count and premium sum as an index-only scan (no heap visit per row)
    index('opportunities_agency_stage_premium_idx').on(t.agencyId, t.stage, t.estimatedPremium),
    // the pipeline list's sorts and its prospect-name search (migration 0013)
    index('opportunities_agency_premium_idx').on(t.agencyId, t.estimatedPremium, t.id),
    index('opportunities_agency_close_idx').on(t.agencyId, t.expectedCloseDate, t.id),
    // Search reads only the caller's agency: btree_gin puts agency_id in the trigram index (issue 17);
    // fastupdate off (decision 085): after an import every search would otherwise also read the pending list.
    index('opportunities_agency_prospect_trgm_idx')
      .using('gin', t.agencyId, sql`lower(coalesce(${t.prospectName}, '')) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('opportunities_stage_check', inList('stage', OPPORTUNITY_STAGES)),
    check('opportunities_premium_check', sql`estimated_premium >= 0`),
  ],
);

/** Every stage move of an opportunity, with who and when (from_stage null: created). */
export const opportunityStageHistory = pgTable(
  'opportunity_stage_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid().notNull(),
    opportunityId: uuid().notNull(),
    fromStage: text(),
    toStage: text().notNull(),
    changedBy: text().references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('opportunity_stage_history_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({
      name: 'opportunity_stage_history_opportunity_fk',
      columns: [t.agencyId, t.opportunityId],
      foreignColumns: [opportunities.agencyId, opportunities.id],
    }).onDelete('cascade'),
    index('opportunity_stage_history_opportunity_idx').on(t.opportunityId, t.changedAt),
    check('opportunity_stage_history_to_check', inList('to_stage', OPPORTUNITY_STAGES)),
  ],
);

/**
 * A to-do: due at a time, with a priority, an assignee from the agency and at most one link each to a
 * customer, a policy or an opportunity of the same agency (composite keys; a removed subject nulls
 * only its own column, hand-written SET NULL (column) in the migration). Done: completed_at is set.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    dueAt: timestamp(tz).notNull(),
    priority: text().notNull().default('normal'),
    assigneeId: text(),
    customerId: uuid(),
    policyId: uuid(),
    opportunityId: uuid(),
    completedAt: timestamp(tz),
    completedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('tasks_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({
      name: 'tasks_assignee_fk',
      columns: [t.agencyId, t.assigneeId],
      foreignColumns: [agencyMembers.agencyId, agencyMembers.userId],
    }).onDelete('set null'),
    foreignKey({ name: 'tasks_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'tasks_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'tasks_opportunity_fk',
      columns: [t.agencyId, t.opportunityId],
      foreignColumns: [opportunities.agencyId, opportunities.id],
    }).onDelete('set null'),
    // My tasks: open ones by due time, done ones by completion, per assignee.
    index('tasks_open_idx').on(t.agencyId, t.assigneeId, t.dueAt, t.id).where(sql`completed_at is null`),
    index('tasks_done_idx').on(t.agencyId, t.assigneeId, t.completedAt.desc().nullsFirst(), t.id).where(sql`completed_at is not null`),
    index('tasks_customer_idx').on(t.agencyId, t.customerId).where(sql`customer_id is not null`),
    index('tasks_policy_idx').on(t.agencyId, t.policyId).where(sql`policy_id is not null`),
    index('tasks_opportunity_idx').on(t.agencyId, t.opportunityId).where(sql`opportunity_id is not null`),
    check('tasks_priority_check', inList('priority', TASK_PRIORITIES)),
  ],
);

/**
 * The renewal cockpit's counters: policies per (agency, end date, renewal state, type, assignee,
 * carrier, cancelled) with their premium, kept by statement-level triggers on policies in the same
 * transaction as every insert, update and delete (hand-written in the migration). The buckets and
 * the 12-month retention sum a few thousand of these rows instead of every term of the agency.
 * No foreign keys: rows are removed with the agency by its delete trigger chain (see the migration).
 */
export const renewalStats = pgTable(
  'renewal_stats',
  {
    agencyId: uuid().notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    renewalState: text().notNull(),
    policyType: text().notNull(),
    assigneeId: text(),
    insuranceCompany: text().notNull(),
    cancelled: boolean().notNull(),
    policies: integer().notNull(),
    premium: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('renewal_stats_key_uq')
      .on(t.agencyId, t.endDate, t.renewalState, t.policyType, t.assigneeId, t.insuranceCompany, t.cancelled)
      .nullsNotDistinct(),
  ],
);

/**
 * The pipeline board's counters (decision 034): opportunities and summed estimated premium per agency,
 * stage, line and assignee, kept by statement-level triggers on opportunities (migration 0022), so the
 * board's column totals — filtered by line and assignee or not — read a handful of rows.
 */
export const pipelineStats = pgTable(
  'pipeline_stats',
  {
    agencyId: uuid().notNull(),
    stage: text().notNull(),
    line: text().notNull(),
    assigneeId: text(),
    opportunities: integer().notNull(),
    premium: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('pipeline_stats_key_uq').on(t.agencyId, t.stage, t.line, t.assigneeId).nullsNotDistinct()],
);

// ---------------------------------------------------------------- webhooks (issue 15, decision 028)

/** An agency's webhook endpoint: where, which events, the signing secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    /** failures since the last success; the first of them dates the 24-hour disable rule */
    consecutiveFailures: integer().notNull().default(0),
    failingSince: timestamp(tz),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_endpoints_agency_id_uq').on(t.agencyId, t.id),
    index('webhook_endpoints_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
  ],
);

/**
 * The outbox and delivery queue in one: a row per (event, endpoint), written in the transaction of
 * the change; the worker claims due rows with FOR UPDATE SKIP LOCKED under a lease.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid().notNull(),
    endpointId: uuid().notNull(),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    /** the exact body sent (and signed) on every attempt */
    payload: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp(tz).notNull().defaultNow(),
    lockedUntil: timestamp(tz),
    responseStatus: integer(),
    durationMs: integer(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({
      name: 'webhook_deliveries_endpoint_fk',
      columns: [t.agencyId, t.endpointId],
      foreignColumns: [webhookEndpoints.agencyId, webhookEndpoints.id],
    }).onDelete('cascade'),
    // the delivery log of one endpoint, newest first
    index('webhook_deliveries_endpoint_created_idx').on(t.agencyId, t.endpointId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the worker's claim: due pending rows, and leases that expired
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_leased_idx').on(t.lockedUntil).where(sql`status = 'sending'`),
    check('webhook_deliveries_status_check', inList('status', DELIVERY_STATUSES)),
  ],
);

// ---------------------------------------------------------------- documents (issue 13; docs/decisions/023)

/**
 * A document kept for a customer or a policy of the agency (composite keys; a removed customer or
 * policy nulls only its own column — hand-written SET NULL (column) in the migration — after its
 * documents were moved to the Trash). `pending` rows are quota reservations: written under the
 * agency lock before the bytes go to storage, turned `ready` once they are there.
 * deleted_at set: in the Trash; the purge job removes bytes and row 30 days later.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid(),
    policyId: uuid(),
    /** the name as the user gave it (control characters removed), shown in the app */
    name: text().notNull(),
    /** the cleaned name used in the storage key and the download's Content-Disposition */
    storageName: text().notNull(),
    storageKey: text().notNull().unique(),
    /** decided by the bytes, never by the name or the declared type */
    contentType: text().notNull(),
    size: integer().notNull(),
    status: text().notNull().default('pending'),
    uploadedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    deletedAt: timestamp(tz),
    deletedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** shown to the customer in the client portal (issue 32) */
    sharedWithClient: boolean().notNull().default(false),
    /** uploaded by the client in the portal (issue 32): uploaded_by is null then */
    fromClient: boolean().notNull().default(false),
  },
  (t) => [
    unique('documents_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({ name: 'documents_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'documents_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete(
      'set null',
    ),
    // the list (default newest first) and its size sort; the Trash by deletion time (and the purge)
    index('documents_list_created_idx').on(t.agencyId, t.createdAt.desc(), t.id).where(sql`deleted_at is null and status = 'ready'`),
    index('documents_list_size_idx').on(t.agencyId, t.size, t.id).where(sql`deleted_at is null and status = 'ready'`),
    index('documents_trash_idx').on(t.agencyId, t.deletedAt, t.id).where(sql`deleted_at is not null`),
    index('documents_purge_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
    index('documents_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    index('documents_customer_idx').on(t.agencyId, t.customerId, t.createdAt.desc()).where(sql`customer_id is not null`),
    index('documents_policy_idx').on(t.agencyId, t.policyId, t.createdAt.desc()).where(sql`policy_id is not null`),
    index('documents_uploader_idx').on(t.agencyId, t.uploadedBy, t.createdAt.desc()),
    index('documents_type_idx').on(t.agencyId, t.contentType, t.createdAt.desc()),
    // Search reads only the caller's agency: btree_gin puts agency_id in the trigram index (issue 17);
    // fastupdate off (decision 085): after an import every search would otherwise also read the pending list.
    index('documents_agency_search_trgm_idx').using('gin', t.agencyId, sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: 'off' }),
    check('documents_status_check', sql`status in ('pending', 'ready')`),
    check('documents_size_check', sql`size >= 0`),
  ],
);

// ---------------------------------------------------------------- bulk actions (issue 13)

/**
 * One bulk action: what it does, to which records (the ids resolved at confirm time, in id order),
 * and, when it runs as a job, its progress: `cursor` is how many targets are done. The job queue
 * (decision 043) holds the lease that lets another instance take over after a crash.
 */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    entity: text().notNull(),
    kind: text().notNull(),
    /** the validated action ({ kind, status } …) */
    action: jsonb().$type<Record<string, string>>().notNull(),
    summary: text().notNull(),
    state: text().notNull().default('running'),
    targets: uuid().array().notNull(),
    total: integer().notNull(),
    cursor: integer().notNull().default(0),
    changed: integer().notNull().default(0),
    ignoredCount: integer().notNull().default(0),
    unchangedCount: integer().notNull().default(0),
    message: text(),
    createdAt: createdAt(),
    finishedAt: timestamp(tz),
    undoneAt: timestamp(tz),
    undoneBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** set when the 24 hours have passed and the journal's deleted rows were removed */
    purgedAt: timestamp(tz),
  },
  (t) => [
    unique('bulk_actions_agency_id_uq').on(t.agencyId, t.id),
    index('bulk_actions_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the purge's scan for expired journals
    index('bulk_actions_purge_idx').on(t.createdAt).where(sql`purged_at is null`),
    check('bulk_actions_entity_check', inList('entity', BULK_ENTITIES)),
    check('bulk_actions_kind_check', inList('kind', BULK_KINDS)),
    check('bulk_actions_state_check', inList('state', BULK_STATES)),
  ],
);

/**
 * The journal: one row per record a bulk action changed, written in the same transaction as the
 * change (so a resumed job skips what is journaled, and never applies a row twice). `version_at` is
 * the record's updated_at right after the change: undo refuses when it differs. A delete keeps the
 * whole row and its child rows and links in `snapshot` until the purge (docs/decisions/024).
 */
export const bulkJournal = pgTable(
  'bulk_journal',
  {
    bulkId: uuid().notNull(),
    agencyId: uuid().notNull(),
    recordId: uuid().notNull(),
    label: text().notNull(),
    before: text(),
    after: text(),
    versionAt: timestamp(tz),
    /** the record's updated_at before the change: undo puts it back, so undoing actions in reverse order chains */
    previousAt: timestamp(tz),
    snapshot: jsonb(),
  },
  (t) => [
    primaryKey({ name: 'bulk_journal_pkey', columns: [t.agencyId, t.bulkId, t.recordId] }),
    foreignKey({ name: 'bulk_journal_action_fk', columns: [t.agencyId, t.bulkId], foreignColumns: [bulkActions.agencyId, bulkActions.id] }).onDelete(
      'cascade',
    ),
  ],
);

// ---------------------------------------------------------------- white label (issue 15)

/**
 * The agency's own brand. One row per agency, kept when the plan drops below Enterprise (it just
 * stops applying). The logo is always a PNG the server rasterised; its sha-256 names the public URL.
 */
export const agencyBranding = pgTable(
  'agency_branding',
  {
    agencyId: uuid()
      .primaryKey()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    displayName: text(),
    primaryColor: text(),
    supportEmail: text(),
    supportPhone: text(),
    logoKey: text(),
    logoHash: text(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  () => [check('agency_branding_color_check', sql`primary_color is null or primary_color ~ '^#[0-9a-f]{6}$'`)],
);

// ---------------------------------------------------------------- API keys (issue 15)

/** An agency's key for /api/v1: only the SHA-256 of the secret is kept, and its first characters to recognise it. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** e.g. pd_live_ab12: shown in the list */
    prefix: text().notNull(),
    /** hex SHA-256 of the whole key */
    secretHash: text().notNull(),
    /** { customers?: 'read' | 'write', policies?: …, communications?: … } */
    scopes: jsonb().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** updated at most once a minute (no write per request) */
    lastUsedAt: timestamp(tz),
    revokedAt: timestamp(tz),
    /** set when the key was revoked because its creator left the team or the admin role (the owner's notice) */
    revokedReason: text(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    unique('api_keys_agency_id_uq').on(t.agencyId, t.id),
    index('api_keys_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Writes to /api/v1 with an Idempotency-Key: the first request's answer, replayed for 24 hours to a
 * retry with the same body. Inserted in the transaction of the write, so two concurrent duplicates
 * queue on the primary key and only one writes.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    /** the key's agency: the row lives beside the write it guards (decision 044) */
    agencyId: uuid().notNull(),
    keyId: uuid().notNull(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    status: integer().notNull(),
    body: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'api_idempotency_pkey', columns: [t.agencyId, t.keyId, t.idempotencyKey] }),
    foreignKey({ name: 'api_idempotency_key_fk', columns: [t.agencyId, t.keyId], foreignColumns: [apiKeys.agencyId, apiKeys.id] }).onDelete('cascade'),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);

/**
 * The /api/v1 change feed (issue 34 §2, decision 055): one row per change of an exposed entity,
 * written by the feed's subscriber to the domain events in the change's own transaction (an outbox).
 * `txid` is the writing transaction's id: a reader returns only rows of transactions older than every
 * transaction still running, in (txid, seq) order, so a row committed later never lands behind a
 * cursor. Deleted entities keep their row here: the tombstone.
 */
/** PostgreSQL's 64-bit transaction id (xid8, PostgreSQL 13+), sent and read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const changeFeed = pgTable(
  'change_feed',
  {
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** the writing transaction (pg_current_xact_id()) */
    txid: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    entity: text().notNull(),
    entityId: uuid().notNull(),
    op: text().notNull(),
    eventType: text().notNull(),
    occurredAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    // keyed by agency like every tenant table (decision 044: ready to shard by agency)
    primaryKey({ name: 'change_feed_pkey', columns: [t.agencyId, t.seq] }),
    check('change_feed_op_check', sql`op in ('created', 'updated', 'deleted')`),
    index('change_feed_agency_order_idx').on(t.agencyId, t.txid, t.seq),
  ],
);

// ---------------------------------------------------------------- commissions (issue 31)
/**
 * A commission schedule's rate: per carrier (compared case- and space-insensitively) × line × new
 * business or renewal, a percentage that applies to terms starting on or after `effective_from`.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    carrier: text().notNull(),
    /** lower(trim(carrier)): what a policy's insurance company is compared with */
    carrierKey: text().notNull(),
    line: text().notNull(),
    business: text().notNull(),
    rate: numeric({ precision: 7, scale: 4 }).notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** the schedules import that created the rate (its undo removes them), null when entered by hand */
    importId: uuid(),
  },
  (t) => [
    unique('commission_rates_agency_id_uq').on(t.agencyId, t.id),
    uniqueIndex('commission_rates_schedule_uq').on(t.agencyId, t.carrierKey, t.line, t.business, t.effectiveFrom),
    check('commission_rates_business_check', sql`business in ('new', 'renewal')`),
    check('commission_rates_rate_check', sql`rate >= 0 and rate <= 100`),
  ],
);

/** A policy term's own rate, over its schedule's. */
export const commissionOverrides = pgTable(
  'commission_overrides',
  {
    agencyId: uuid().notNull(),
    policyId: uuid().notNull(),
    rate: numeric({ precision: 7, scale: 4 }).notNull(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'commission_overrides_pkey', columns: [t.agencyId, t.policyId] }),
    foreignKey({ name: 'commission_overrides_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete('cascade'),
    check('commission_overrides_rate_check', sql`rate >= 0 and rate <= 100`),
  ],
);

/** The agency's reconciliation settings and each carrier's saved statement mapping (by column name). */
export const commissionSettings = pgTable(
  'commission_settings',
  {
    agencyId: uuid()
      .primaryKey()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** a received amount this close to the expected one counts as paid in full */
    tolerance: numeric({ precision: 14, scale: 2 }).notNull().default('1.00'),
    /** carrier key → field → the header it was mapped to */
    mappings: jsonb().$type<Record<string, Record<string, string>>>().notNull().default({}),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  () => [check('commission_settings_tolerance_check', sql`tolerance >= 0`)],
);

/** One imported carrier statement: its file's hash (a re-import is recognised), counts and failures. */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    carrier: text().notNull(),
    /** the month the statement covers, yyyy-MM */
    period: text().notNull(),
    fileName: text().notNull(),
    contentHash: text().notNull(),
    status: text().notNull().default('applied'),
    matched: integer().notNull().default(0),
    unmatched: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    amount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    headers: jsonb().$type<string[]>().notNull().default([]),
    /** the lines that could not be applied, with their reasons and cells, for the failures file */
    failures: jsonb().$type<{ line: number; reason: string; values: string[] }[]>().notNull().default([]),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: timestamp(tz),
  },
  (t) => [
    unique('commission_statements_agency_id_uq').on(t.agencyId, t.id),
    index('commission_statements_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst()),
    index('commission_statements_agency_hash_idx').on(t.agencyId, t.contentHash),
    check('commission_statements_status_check', sql`status in ('applied', 'undone')`),
  ],
);

/**
 * A commission received: a statement's line (matched to a term, or on the statement but not in the
 * book) or a manual receipt (no statement). Undoing a statement deletes its lines.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    statementId: uuid(),
    policyId: uuid(),
    lineNo: integer(),
    policyNumber: text(),
    insuredName: text(),
    premium: numeric({ precision: 14, scale: 2 }),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    receivedOn: date({ mode: 'string' }).notNull(),
    transactionType: text(),
    /** matched, unmatched (on the statement, not in the book) or ignored (unmatched, with a reason) */
    status: text().notNull(),
    reason: text(),
    /** who matched the line to its policy by hand (null: the import matched it, or nobody did) */
    matchedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /**
     * What the import had decided for a line matched by hand afterwards (its policy and reason), so
     * that putting the line back restores it; no foreign key: a policy deleted since is checked then
     */
    importedPolicyId: uuid(),
    importedReason: text(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('commission_lines_agency_id_uq').on(t.agencyId, t.id),
    foreignKey({ name: 'commission_lines_statement_fk', columns: [t.agencyId, t.statementId], foreignColumns: [commissionStatements.agencyId, commissionStatements.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'commission_lines_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete('cascade'),
    index('commission_lines_agency_policy_idx').on(t.agencyId, t.policyId, t.amount),
    index('commission_lines_agency_statement_idx').on(t.agencyId, t.statementId),
    check('commission_lines_status_check', sql`status in ('matched', 'unmatched', 'ignored')`),
    check('commission_lines_matched_check', sql`(status = 'matched') = (policy_id is not null)`),
  ],
);

/**
 * A producer's split (issue 31): the share of the agency's commission an agency member earns on the
 * terms they are assigned, one percentage for new business and one for renewals.
 */
export const commissionProducerSplits = pgTable(
  'commission_producer_splits',
  {
    agencyId: uuid().notNull(),
    userId: text().notNull(),
    newBusiness: numeric({ precision: 7, scale: 4 }).notNull(),
    renewal: numeric({ precision: 7, scale: 4 }).notNull(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'commission_producer_splits_pkey', columns: [t.agencyId, t.userId] }),
    foreignKey({ name: 'commission_producer_splits_member_fk', columns: [t.agencyId, t.userId], foreignColumns: [agencyMembers.agencyId, agencyMembers.userId] }).onDelete(
      'cascade',
    ),
    check('commission_producer_splits_rate_check', sql`new_business between 0 and 100 and renewal between 0 and 100`),
  ],
);

/**
 * A term shared between two producers: the second producer is credited `share` % of the term's
 * commission, the assignee the rest (so the two parts always add up to the term's amount).
 */
export const commissionTermSplits = pgTable(
  'commission_term_splits',
  {
    agencyId: uuid().notNull(),
    policyId: uuid().notNull(),
    producerId: text().notNull(),
    share: numeric({ precision: 7, scale: 4 }).notNull(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'commission_term_splits_pkey', columns: [t.agencyId, t.policyId] }),
    foreignKey({ name: 'commission_term_splits_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete('cascade'),
    foreignKey({ name: 'commission_term_splits_producer_fk', columns: [t.agencyId, t.producerId], foreignColumns: [agencyMembers.agencyId, agencyMembers.userId] }).onDelete(
      'cascade',
    ),
    check('commission_term_splits_share_check', sql`share > 0 and share < 100`),
  ],
);

/**
 * Each term's commission as the reconciliation computes it (entities/commissions/terms.ts), kept by
 * the database (migration 0042, decision 077): triggers on policies, commission_rates,
 * commission_overrides and commission_lines recompute the terms a write touches from scratch, so any
 * path (app, import, undo, plain SQL) keeps it. The policies list sorts and filters by it on indexes.
 * carrier_key, line, business and start_date are the policy's, as rated (what a rate change finds).
 */
export const commissionTerms = pgTable(
  'commission_terms',
  {
    agencyId: uuid().notNull(),
    policyId: uuid().notNull(),
    carrierKey: text().notNull(),
    line: text().notNull(),
    business: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    /** the policy's own rate, else its schedule's; null: no rate */
    rate: numeric({ precision: 7, scale: 4 }),
    /** 'own' or 'schedule'; null with no rate */
    rateSource: text(),
    written: numeric({ precision: 14, scale: 2 }),
    chargeback: numeric({ precision: 14, scale: 2 }).notNull(),
    expected: numeric({ precision: 14, scale: 2 }).notNull(),
    received: numeric({ precision: 14, scale: 2 }).notNull(),
    /** expected − received */
    difference: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'commission_terms_pkey', columns: [t.agencyId, t.policyId] }),
    foreignKey({ name: 'commission_terms_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete('cascade'),
    check('commission_terms_rate_source_check', sql`(rate_source is null) = (rate is null) and (rate_source is null or rate_source in ('own', 'schedule'))`),
    // the list's sort by expected commission, No rate last both ways (one index per direction)
    index('commission_terms_expected_asc_idx').on(t.agencyId, sql`(rate is null)`, t.expected, t.policyId),
    index('commission_terms_expected_desc_idx').on(t.agencyId, sql`(rate is null)`, t.expected.desc().nullsFirst(), t.policyId.desc().nullsFirst()),
    // the list's filters (list-column.ts writes the same conditions, constants included)
    index('commission_terms_no_rate_idx').on(t.agencyId, t.policyId).where(sql`rate is null`),
    index('commission_terms_unpaid_idx').on(t.agencyId, t.policyId).where(sql`rate is not null and received = 0 and expected > 0`),
    index('commission_terms_short_paid_idx').on(t.agencyId, t.difference).where(sql`rate is not null and received <> 0`),
    // the terms a rate change can move
    index('commission_terms_rate_key_idx').on(t.agencyId, t.carrierKey, t.line, t.business, t.startDate),
  ],
);

// ---------------------------------------------------------------- client portal (issue 32)

/**
 * A customer the agency invited to the client portal. The e-mail is the customer's at invitation
 * time: a client signs in only while it still is the customer's (the look-up joins both), so a
 * changed address needs a new invitation. Revoking deletes the row, and its sessions with it.
 */
export const portalAccess = pgTable(
  'portal_access',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    /** lower-case, as customers.email */
    email: text().notNull(),
    invitedBy: text().references(() => user.id, { onDelete: 'set null' }),
    invitedAt: timestamp(tz).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('portal_access_agency_customer_uq').on(t.agencyId, t.customerId),
    unique('portal_access_agency_id_uq').on(t.agencyId, t.id),
    // sign-in looks an address up across agencies (one e-mail can be a client of two)
    index('portal_access_email_idx').on(t.email),
    foreignKey({ name: 'portal_access_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The one live sign-in code of an address (a new request replaces it): only its HMAC is kept, with
 * the wrong tries counted; it is deleted when used, used up or replaced, so it cannot be replayed.
 */
export const portalCodes = pgTable('portal_codes', {
  email: text().primaryKey(),
  codeHash: text().notNull(),
  expiresAt: timestamp(tz).notNull(),
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A client's session: its own kind, never a better-auth session. Only the token's sha-256 is kept.
 * access_id is null until the client picked an agency; deleting the access (revoke, customer
 * deleted) deletes the session with it, so it ends at once.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    accessId: uuid().references(() => portalAccess.id, { onDelete: 'cascade' }),
    expiresAt: timestamp(tz).notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_sessions_access_idx').on(t.accessId), index('portal_sessions_expires_idx').on(t.expiresAt)],
);

/** A change a client asked for on a policy; the agent answers with a state and a reply. */
export const portalRequests = pgTable(
  'portal_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    policyId: uuid(),
    taskId: uuid(),
    kind: text().notNull(),
    details: text().notNull(),
    state: text().notNull().default('received'),
    reply: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('portal_requests_agency_id_uq').on(t.agencyId, t.id),
    index('portal_requests_customer_idx').on(t.agencyId, t.customerId, t.createdAt.desc()),
    foreignKey({ name: 'portal_requests_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'cascade',
    ),
    // ON DELETE SET NULL (policy_id) / (task_id) in the migration: agency_id stays, only the link goes.
    foreignKey({ name: 'portal_requests_policy_fk', columns: [t.agencyId, t.policyId], foreignColumns: [policies.agencyId, policies.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'portal_requests_task_fk', columns: [t.agencyId, t.taskId], foreignColumns: [tasks.agencyId, tasks.id] }).onDelete('set null'),
    check('portal_requests_kind_check', inList('kind', CHANGE_KINDS)),
    check('portal_requests_state_check', inList('state', REQUEST_STATES)),
  ],
);

/**
 * The message thread between a client and the agency (one per customer). read_at: when the other
 * side read it. author_id is the agency member who wrote it (null for the client's own messages).
 */
export const portalMessages = pgTable(
  'portal_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    fromClient: boolean().notNull(),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    body: text().notNull(),
    readAt: timestamp(tz),
    createdAt: createdAt(),
  },
  (t) => [
    unique('portal_messages_agency_id_uq').on(t.agencyId, t.id),
    index('portal_messages_customer_idx').on(t.agencyId, t.customerId, t.createdAt.desc()),
    foreignKey({ name: 'portal_messages_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The agent asks the client to sign a PDF document. Signing stores a new document (the original's
 * pages and a certificate page) and never changes the original; the hashes of both are kept here and
 * in the activity log. A pending request expires 30 days after it was sent (the jobs module).
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    documentId: uuid().notNull(),
    signedDocumentId: uuid(),
    state: text().notNull().default('pending'),
    message: text(),
    requestedBy: text().references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp(tz).notNull(),
    remindedAt: timestamp(tz),
    signerName: text(),
    signatureKind: text(),
    signedAt: timestamp(tz),
    signerIp: text(),
    signerUserAgent: text(),
    originalSha256: text(),
    signedSha256: text(),
    declineReason: text(),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('signature_requests_agency_id_uq').on(t.agencyId, t.id),
    index('signature_requests_customer_idx').on(t.agencyId, t.customerId, t.createdAt.desc()),
    // the expiry job: pending requests by their end
    index('signature_requests_pending_idx').on(t.expiresAt).where(sql`state = 'pending'`),
    foreignKey({ name: 'signature_requests_customer_fk', columns: [t.agencyId, t.customerId], foreignColumns: [customers.agencyId, customers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'signature_requests_document_fk', columns: [t.agencyId, t.documentId], foreignColumns: [documents.agencyId, documents.id] }).onDelete(
      'cascade',
    ),
    // ON DELETE SET NULL (signed_document_id) in the migration: the request stays when its signed copy is purged
    foreignKey({
      name: 'signature_requests_signed_fk',
      columns: [t.agencyId, t.signedDocumentId],
      foreignColumns: [documents.agencyId, documents.id],
    }).onDelete('set null'),
    check('signature_requests_state_check', inList('state', SIGNATURE_STATES)),
    check('signature_requests_kind_check', sql`signature_kind is null or ${inList('signature_kind', SIGNATURE_KINDS)}`),
  ],
);

/**
 * What the dashboard's performance panel reads (policies, customers and the commission rows) changed
 * in these transactions (decision 070, migrations 0038 and 0039): statement-level triggers add one row
 * per agency and writing transaction, keyed by its transaction id, so concurrent writers of an agency
 * never wait on each other. The agency's book version is the sum of its weights: every commit adds to
 * it, whatever its order, and folding rows into one of their summed weight leaves it unchanged. No
 * foreign key, as renewal_stats: the agency's delete trigger removes its rows.
 */
export const bookChanges = pgTable(
  'book_changes',
  {
    agencyId: uuid().notNull(),
    txid: bigint({ mode: 'number' }).notNull(),
    weight: bigint({ mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ name: 'book_changes_pkey', columns: [t.agencyId, t.txid] })],
);
