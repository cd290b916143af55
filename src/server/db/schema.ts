// One drizzle schema for every table. Columns are snake_case in SQL (drizzle casing), camelCase here.
// better-auth owns user, session, account, verification, two_factor; the profile lives on user.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    check('user_role_check', inList('role', ['user', 'admin', 'super_admin'])),
    check('user_tier_check', inList('subscription_tier', ['starter', 'professional', 'business', 'enterprise'])),
    check('user_status_check', inList('subscription_status', ['active', 'trialing', 'expired'])),
    index('user_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('user_role_idx').on(t.role),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agencies_owner_uq').on(t.ownerId)],
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
    index('user_invitations_agency_idx').on(t.agencyId, t.status, t.email),
    uniqueIndex('user_invitations_pending_uq').on(t.agencyId, t.email).where(sql`status = 'pending'`),
    check('user_invitations_role_check', inList('role', ['team_member', 'admin'])),
    check('user_invitations_status_check', inList('status', ['pending', 'accepted', 'cancelled', 'expired'])),
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
    index('customers_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('customers_agency_type_created_idx').on(t.agencyId, t.customerType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('customers_search_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
    check('customers_type_check', inList('customer_type', ['individual', 'business'])),
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
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
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
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policies_agency_number_uq').on(t.agencyId, t.policyNumber),
    index('policies_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('policies_agency_type_created_idx').on(t.agencyId, t.policyType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('policies_agency_status_created_idx').on(t.agencyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('policies_customer_idx').on(t.customerId),
    index('policies_search_trgm_idx').using(
      'gin',
      sql`lower(${t.policyNumber} || ' ' || ${t.customerName} || ' ' || ${t.insuranceCompany}) gin_trgm_ops`,
    ),
    check('policies_type_check', inList('policy_type', ['car', 'fire'])),
    check('policies_status_check', inList('status', ['pending', 'active', 'expired', 'cancelled'])),
    check('policies_money_check', sql`premium_amount >= 0 and coverage_amount >= 0 and deductible >= 0`),
  ],
);

export const carInsuranceDetails = pgTable(
  'car_insurance_details',
  {
    policyId: uuid()
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    vehicleMake: text().notNull(),
    vehicleModel: text().notNull(),
    vehicleYear: integer().notNull(),
    vinNumber: text().notNull(),
    driverLicense: text().notNull(),
    coverageType: text().notNull().default('comprehensive'),
  },
  () => [check('car_coverage_check', inList('coverage_type', ['comprehensive', 'third-party', 'collision']))],
);

export const fireInsuranceDetails = pgTable(
  'fire_insurance_details',
  {
    policyId: uuid()
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    propertyAddress: text().notNull(),
    propertyType: text().notNull(),
    constructionYear: integer().notNull(),
    propertyValue: numeric({ precision: 16, scale: 2 }).notNull(),
    contentsCoverage: numeric({ precision: 16, scale: 2 }),
  },
  () => [check('fire_money_check', sql`property_value >= 0 and (contents_coverage is null or contents_coverage >= 0)`)],
);

export const customerCommunications = pgTable(
  'customer_communications',
  {
    id: uuid().primaryKey().defaultRandom(),
    agencyId: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    subject: text(),
    content: text().notNull(),
    communicationDate: timestamp(tz).notNull().defaultNow(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('communications_customer_idx').on(t.customerId, t.communicationDate.desc().nullsFirst()),
    index('communications_agency_idx').on(t.agencyId),
    check('communications_type_check', inList('type', ['email', 'phone', 'meeting', 'letter'])),
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
    check('activity_kind_check', inList('kind', ['policy', 'customer', 'communication', 'payment', 'team'])),
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
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerId), index('stored_files_agency_idx').on(t.agencyId)],
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
    check('payment_tier_check', inList('selected_tier', ['professional', 'business', 'enterprise'])),
    check('payment_method_check', inList('payment_method', ['Bank Transfer', 'PayPal', 'Credit Card', 'Other'])),
    check('payment_status_check', inList('status', ['Pending', 'Under Review', 'Approved', 'Rejected'])),
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
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    clientName: text().notNull(),
    policyNumber: text().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    paymentMethod: text().notNull(),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('premium_payments_policy_idx').on(t.policyId, t.createdAt.desc().nullsFirst()),
    index('premium_payments_agency_idx').on(t.agencyId),
    check(
      'premium_method_check',
      inList('payment_method', ['credit_card', 'debit_card', 'bank_transfer', 'check', 'cash', 'other']),
    ),
    check('premium_amount_check', sql`amount > 0`),
  ],
);

export const premiumPaymentFiles = pgTable(
  'premium_payment_files',
  {
    paymentId: uuid()
      .notNull()
      .references(() => premiumPayments.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.fileId] })],
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
      inList('contact_reason', ['sales', 'support', 'billing', 'feature', 'partnership', 'other']),
    ),
  ],
);

// ---------------------------------------------------------------- site content (issue 16)

/** Platform-wide settings edited by a super admin (payment instructions …), one JSON value per key. */
export const platformSettings = pgTable('platform_settings', {
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
