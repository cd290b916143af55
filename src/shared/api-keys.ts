// API keys and the REST API /api/v1 (issue 15): scopes, the key form's schema, and the texts.
import { z } from 'zod';
import { featureNeed, planIncludes } from './features.ts';
import { TIER_LABEL, type Tier } from './tiers.ts';
import { requiredText } from './validation.ts';

/** The plans of the feature map's two API features, for the texts: reading (Business) and writing (Enterprise). */
const READ_PLAN = TIER_LABEL[featureNeed('api').tier];
const WRITE_PLAN = TIER_LABEL[featureNeed('api-write').tier];

/**
 * The resources a key can be scoped to. Adding one (e.g. 'tasks') is one line here: the form, the
 * stored scopes and the /api/v1 guards all read this list.
 */
export const API_RESOURCES = ['customers', 'policies', 'communications', 'tasks', 'team', 'opportunities', 'documents', 'premium_payments', 'commissions', 'portal_requests'] as const;
export type ApiResource = (typeof API_RESOURCES)[number];
export const API_RESOURCE_LABEL: Record<ApiResource, string> = {
  customers: 'Customers',
  policies: 'Policies',
  communications: 'Communications',
  tasks: 'Tasks',
  // read only: the members, for assignee ids (issue 34 §3)
  team: 'Team members',
  // read only: the reconciliation and the carrier statements (issue 31)
  commissions: 'Commissions',
  opportunities: 'Opportunities',
  documents: 'Documents',
  premium_payments: 'Premium payments',
  // the client portal's change requests (issue 32): read, and write their state and reply
  portal_requests: 'Portal requests',
};

/** Per resource: no access, read, or read and write. */
export const API_ACCESS = ['none', 'read', 'write'] as const;
export type ApiAccess = (typeof API_ACCESS)[number];
export const API_ACCESS_LABEL: Record<ApiAccess, string> = { none: 'No access', read: 'Read', write: 'Read and write' };

export type ApiScopes = Partial<Record<ApiResource, Exclude<ApiAccess, 'none'>>>;

/** The visible start of every key; the rest is a random secret shown once. */
export const API_KEY_PREFIX = 'pd_live_';
/** How many characters of a key are kept and shown to recognise it (prefix + 4 of the secret). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;

export const API_TEXT = {
  title: 'API Settings',
  keysTab: 'API keys',
  webhooksTab: 'Webhooks',
  referenceTab: 'Reference',
  nameRequired: 'Key name is required.',
  scopeRequired: 'Choose read or read and write for at least one resource.',
  created: 'API key created.',
  createdOnce: "Copy this key now. It is shown only once and can't be retrieved later.",
  copied: 'Copied to clipboard.',
  revoked: 'API key revoked.',
  revokeTitle: 'Revoke this key?',
  revokeText: (name: string) => `Apps using "${name}" stop working on their next request. This cannot be undone.`,
  empty: 'No API keys yet. Create one to connect another application.',
  managersOnly: 'Only the owner or an agency admin can create, see or revoke API keys. You can read the API reference.',
  writeNeedsPlan: `Write access through the API needs the ${WRITE_PLAN} plan. On this plan API keys can read only.`,
  readOnlyPlan: (plan: string, perMinute: number) =>
    `Your ${plan} plan includes read-only API keys, up to ${perMinute} requests per minute per key. Write access and webhooks come with the ${WRITE_PLAN} plan.`,
  fullPlan: (perMinute: number) => `Keys may read and write, up to ${perMinute} requests per minute per key.`,
  revokedTitle: 'Keys revoked when their creator left',
  revokedIntro: 'These keys stopped working because the person who created them no longer manages this agency. Create new keys for the apps that used them.',
  revokedRemoved: (who: string) => `${who} was removed from the team.`,
  revokedDemoted: (who: string) => `${who} is no longer an admin.`,
  notFound: 'API key not found.',
  neverUsed: 'Never',
  // /api/v1 errors
  missingKey: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".',
  invalidKey: 'This API key is not valid. It may have been revoked.',
  planRequired: `API access requires the ${READ_PLAN} plan or higher. The agency owner can upgrade at /dashboard/subscription/upgrade.`,
  scopeDenied: (resource: ApiResource, access: 'read' | 'write') =>
    `This API key has no ${access === 'write' ? 'write' : 'read'} access to ${resource}.`,
  rateLimited: (seconds: number) => `Too many requests for this API key. Try again in ${seconds} seconds.`,
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 characters.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still under way. Try again when it has finished.',
  customerWriteNeeded:
    'This policy would create a new customer, and this API key has no write access to customers. Choose an existing customer (customer_id or the e-mail of one), or use a key with customers: write.',
  invalidCursor: 'The cursor is not valid. Start again without one.',
  invalidUpdatedSince: 'updated_since must be a date and time (ISO 8601).',
  oneOf: (field: string, allowed: readonly string[]) => `${field} must be one of: ${allowed.join(', ')}.`,
  customerIdInvalid: 'customer_id must be a customer id.',
} as const;

const accessField = z.enum(API_ACCESS).catch('none').default('none');
const scopeShape = Object.fromEntries(API_RESOURCES.map((r) => [r, accessField])) as Record<ApiResource, typeof accessField>;

const scopesSchema = z
  .object(scopeShape)
  .transform((s): ApiScopes => {
    const out: ApiScopes = {};
    for (const r of API_RESOURCES) if (s[r] !== 'none') out[r] = s[r] as 'read' | 'write';
    return out;
  })
  .refine((s) => Object.keys(s).length > 0, API_TEXT.scopeRequired);

export const apiKeyInputSchema = z.object({
  name: requiredText(API_TEXT.nameRequired, 100),
  scopes: scopesSchema,
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;
export type ApiKeyValues = z.output<typeof apiKeyInputSchema>;

/** The access a plan may grant a key: read only below the feature map's 'api-write'. */
export function apiAccessFor(tier: Tier): readonly ApiAccess[] {
  return planIncludes(tier, 'api-write') ? API_ACCESS : API_ACCESS.filter((a) => a !== 'write');
}

export function hasWriteScope(scopes: ApiScopes): boolean {
  return Object.values(scopes).includes('write');
}

/** Requests per minute per key: the configured rate with write access, a fifth of it for read-only plans. */
export function apiRateLimitFor(tier: Tier, configured: number): number {
  return planIncludes(tier, 'api-write') ? configured : Math.max(1, Math.floor(configured / 5));
}

/** Whether the scopes allow the access: write includes read. */
export function scopeAllows(scopes: ApiScopes, resource: ApiResource, access: 'read' | 'write'): boolean {
  const granted = scopes[resource];
  return granted === 'write' || (granted === 'read' && access === 'read');
}

export function describeScopes(scopes: ApiScopes): string {
  const parts = API_RESOURCES.flatMap((r) => (scopes[r] ? [`${API_RESOURCE_LABEL[r]}: ${scopes[r] === 'write' ? 'read and write' : 'read'}`] : []));
  return parts.join(', ') || 'none';
}

/** A key as the list shows it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScopes;
  created_at: string;
  last_used_at: string | null;
  created_by_name: string | null;
}

/** The answer to a create: the only time the whole key is sent. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/** What the agency's plan lets its keys do, shown above the form. */
export interface ApiPlanView {
  tier: Tier;
  write: boolean;
  webhooks: boolean;
  rate_limit: number;
}

/** A key revoked because its creator left the team or the admin role, for the owner's notice. */
export interface RevokedKeyNotice {
  id: string;
  name: string;
  prefix: string;
  revoked_at: string;
  reason: string;
}

export interface ApiKeysAnswer {
  keys: ApiKeyView[];
  plan: ApiPlanView;
  revoked: RevokedKeyNotice[];
}

export const API_LIST_DEFAULT_LIMIT = 50;
export const API_LIST_MAX_LIMIT = 100;
