// The brand in effect for an agency (the shell, print pages, invitation page, e-mails sent on its
// behalf): platform, because invitations, the team and the digest mail on an agency's behalf without
// depending on the branding feature, which edits the brand. An agency below Enterprise keeps its row
// but gets the default (null).
import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND, logoPath, type EffectiveBrand } from '#shared/branding.ts';
import { planIncludes } from '#shared/features.ts';
import { effectiveTier, type Tier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, agencyBranding, user } from '#server/db/schema.ts';
import type { MailBrand } from '#server/mail.ts';

export type BrandRow = typeof agencyBranding.$inferSelect;

export const logoUrlOf = (row: BrandRow | undefined) => (row?.logoHash ? logoPath(row.agencyId, row.logoHash) : null);

/** The brand a row gives an agency of `tier`: null while the plan does not include white label. */
export function brandOf(row: BrandRow | undefined, agencyName: string, tier: Tier): EffectiveBrand | null {
  if (!row || !planIncludes(tier, 'white-label')) return null;
  return {
    name: row.displayName ?? agencyName,
    color: row.primaryColor ?? DEFAULT_BRAND.color,
    logo_url: logoUrlOf(row),
    support_email: row.supportEmail,
    support_phone: row.supportPhone,
  };
}

/** The brand of any agency by its id (invitation page and e-mails, where there is no session of that agency). */
export async function brandForAgency(db: Db, agencyId: string): Promise<EffectiveBrand | null> {
  const [row] = await db
    .select({ brand: agencyBranding, agencyName: agencies.name, owner: user })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .leftJoin(agencyBranding, eq(agencyBranding.agencyId, agencies.id))
    .where(eq(agencies.id, agencyId));
  if (!row) return null;
  return brandOf(row.brand ?? undefined, row.agencyName, effectiveTier(row.owner));
}

/**
 * The brand of an agency with the agency's own name, contacts and time zone, in one round trip (the
 * generated PDFs' letterhead): `logoKey` and `logoHash` are the brand's logo while it applies.
 */
export async function letterheadRowOf(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      brand: agencyBranding,
      agencyName: agencies.name,
      email: agencies.email,
      phone: agencies.phone,
      timeZone: agencies.timezone,
      // the plan only: the owner's whole row is thirty columns to map for three
      owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt },
    })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .leftJoin(agencyBranding, eq(agencyBranding.agencyId, agencies.id))
    .where(eq(agencies.id, agencyId));
  if (!row) return null;
  const brand = brandOf(row.brand ?? undefined, row.agencyName, effectiveTier(row.owner));
  return {
    agency: { name: row.agencyName, email: row.email, phone: row.phone, timeZone: row.timeZone },
    brand,
    logo: brand?.logo_url && row.brand?.logoKey && row.brand.logoHash ? { key: row.brand.logoKey, hash: row.brand.logoHash } : null,
  };
}

/**
 * The brand on e-mails sent on an agency's behalf (invitations, digests): its name as the sender's
 * display name, its logo (the public, absolute URL) and colour, and its support e-mail as reply-to.
 */
export async function mailBrandForAgency(deps: Pick<Deps, 'db' | 'config'>, agencyId: string): Promise<MailBrand | null> {
  const brand = await brandForAgency(deps.db, agencyId);
  if (!brand) return null;
  return {
    name: brand.name,
    color: brand.color,
    logoUrl: brand.logo_url ? `${deps.config.appUrl}${brand.logo_url}` : null,
    replyTo: brand.support_email,
  };
}
