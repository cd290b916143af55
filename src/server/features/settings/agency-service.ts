// The agency's own details (Settings › Agency). `agencies` is the tenant itself, not a tenant table,
// so it is reached through the tenant's own agency row (the session's agency), never by an id from the request.
import { getTableColumns } from 'drizzle-orm';
import { USER_SETTINGS_TEXT, type AgencySettings, type AgencySettingsValues } from '#shared/settings.ts';
import type { Actor } from '#server/context.ts';
import { agencies } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { tenant, type Connection } from '#server/tenant.ts';

type AgencyRow = typeof agencies.$inferSelect;

export const canEditAgency = (actor: Actor) => actor.agency.role === 'owner' || actor.agency.role === 'admin';

const settingsOf = (row: AgencyRow, actor: Actor): AgencySettings => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  email: row.email,
  timezone: row.timezone,
  remarket_threshold: row.remarketThreshold,
  can_edit: canEditAgency(actor),
});

export async function getAgencySettings(db: Connection, actor: Actor): Promise<AgencySettings> {
  const [row] = await tenant(db, actor).ownAgency(getTableColumns(agencies));
  if (!row) throw notFound('Agency not found.');
  return settingsOf(row, actor);
}

export async function updateAgencySettings(db: Connection, actor: Actor, input: AgencySettingsValues): Promise<AgencySettings> {
  if (!canEditAgency(actor)) throw forbidden(USER_SETTINGS_TEXT.agencyEditDenied, 'DENIED_AGENCY_ROLE');
  // No audit entry: the audit log is for platform-level privileged actions, and the agency's
  // activity log has no kind for agency details (src/shared/activity.ts).
  const [row] = await tenant(db, actor)
    .updateOwnAgency({ name: input.name, address: input.address, phone: input.phone, email: input.email, timezone: input.timezone, remarketThreshold: input.remarket_threshold })
    .returning();
  if (!row) throw notFound('Agency not found.');
  return settingsOf(row, actor);
}
