// The agency's brand: read, saved, its logo set or removed, reset; and the caller's brand in effect
// (the shell, print pages). Any agency's brand for its e-mails and invitation page is platform/brand.ts.
// agency_branding is keyed by the agency and reached through the tenant context; an agency below
// Enterprise keeps its row but gets the default.
import {
  BRANDING_TEXT,
  type BrandingSettings,
  type BrandingValues,
  type EffectiveBrand,
} from '#shared/branding.ts';
import { checkAccess } from '#shared/access.ts';
import { FEATURES, planIncludes } from '#shared/features.ts';
import { accessSubject, type Actor, type Deps } from '#server/context.ts';
import { agencyBranding } from '#server/db/schema.ts';
import { forbidden } from '#server/errors.ts';
import { tenant, type Tenant, type Connection } from '#server/tenant.ts';
import { emit } from '#server/platform/events.ts';
import { brandOf, logoUrlOf, type BrandRow } from '#server/platform/brand.ts';

/** The feature map's `manage` of 'white-label': the owner or an agency admin; team members read. */
export const canEditBranding = (actor: Actor) => checkAccess(accessSubject(actor), FEATURES['white-label'].manage) === null;

export function assertEditor(actor: Actor) {
  if (!canEditBranding(actor)) throw forbidden(BRANDING_TEXT.editDenied, 'DENIED_AGENCY_ROLE');
}

async function readRow(t: Tenant): Promise<BrandRow | undefined> {
  const [row] = await t.from(agencyBranding);
  return row;
}

export async function getBranding(db: Connection, actor: Actor): Promise<BrandingSettings> {
  const row = await readRow(tenant(db, actor));
  return {
    display_name: row?.displayName ?? null,
    primary_color: row?.primaryColor ?? null,
    support_email: row?.supportEmail ?? null,
    support_phone: row?.supportPhone ?? null,
    logo_url: logoUrlOf(row),
    applies: planIncludes(actor.agency.tier, 'white-label'),
    can_edit: canEditBranding(actor),
  };
}

export async function saveBranding(db: Connection, actor: Actor, input: BrandingValues): Promise<BrandingSettings> {
  assertEditor(actor);
  const values = {
    displayName: input.display_name,
    primaryColor: input.primary_color,
    supportEmail: input.support_email,
    supportPhone: input.support_phone,
    updatedBy: actor.userId,
    updatedAt: new Date(),
  };
  await tenant(db, actor).transaction(async (t) => {
    await t.insert(agencyBranding, values).onConflictDoUpdate({ target: agencyBranding.agencyId, set: values });
    await emit(t, actor, {
      type: 'branding.updated',
      entityId: null,
      summary: `Brand saved: ${input.display_name}, ${input.primary_color}`,
    });
  });
  return getBranding(db, actor);
}

/** Stores the rasterised PNG first (no network call inside the transaction), then points the row at it. */
export async function setLogo(deps: Deps, actor: Actor, logo: { png: Buffer; hash: string }): Promise<BrandingSettings> {
  assertEditor(actor);
  const key = `branding/${actor.agency.id}/${logo.hash}.png`;
  await deps.storage.put(key, logo.png, 'image/png');
  const previous = await tenant(deps.db, actor).transaction(async (t) => {
    const before = await readRow(t);
    const values = { logoKey: key, logoHash: logo.hash, updatedBy: actor.userId, updatedAt: new Date() };
    await t.insert(agencyBranding, values).onConflictDoUpdate({ target: agencyBranding.agencyId, set: values });
    await emit(t, actor, { type: 'branding.updated', entityId: null, summary: 'Logo changed' });
    return before?.logoKey ?? null;
  });
  await dropFile(deps, previous, key);
  return getBranding(deps.db, actor);
}

export async function removeLogo(deps: Deps, actor: Actor): Promise<BrandingSettings> {
  assertEditor(actor);
  const previous = await tenant(deps.db, actor).transaction(async (t) => {
    const before = await readRow(t);
    if (!before?.logoKey) return null;
    await t.update(agencyBranding, { logoKey: null, logoHash: null, updatedBy: actor.userId, updatedAt: new Date() });
    await emit(t, actor, { type: 'branding.deleted', entityId: null, summary: 'Logo removed' });
    return before.logoKey;
  });
  await dropFile(deps, previous, null);
  return getBranding(deps.db, actor);
}

/** Back to the PolicyDesk default: the row and its logo go. */
export async function resetBranding(deps: Deps, actor: Actor): Promise<BrandingSettings> {
  assertEditor(actor);
  const previous = await tenant(deps.db, actor).transaction(async (t) => {
    const before = await readRow(t);
    if (!before) return null;
    await t.delete(agencyBranding);
    await emit(t, actor, { type: 'branding.deleted', entityId: null, summary: 'Brand reset to default' });
    return before.logoKey;
  });
  await dropFile(deps, previous, null);
  return getBranding(deps.db, actor);
}

/** The replaced logo is deleted after the commit; a failure leaves an orphan file, never a broken row. */
async function dropFile(deps: Deps, key: string | null, keep: string | null) {
  if (!key || key === keep) return;
  try {
    await deps.storage.delete(key);
  } catch (err) {
    deps.logger.warn({ err, key }, 'old logo not deleted');
  }
}

/** The brand of the caller's agency, for every member; null while the plan does not include white label. */
export async function currentBrand(db: Connection, actor: Actor): Promise<EffectiveBrand | null> {
  if (!planIncludes(actor.agency.tier, 'white-label')) return null;
  return brandOf(await readRow(tenant(db, actor)), actor.agency.name, actor.agency.tier);
}

/** The stored logo behind a public URL: only the agency's current one (a replaced or reset logo is gone). */
export async function findLogo(db: Connection, agencyId: string, hash: string): Promise<string | null> {
  const [row] = await tenant(db, { agency: { id: agencyId } }).select({ key: agencyBranding.logoKey, hash: agencyBranding.logoHash }).from(agencyBranding);
  return row?.hash === hash ? row.key : null;
}
