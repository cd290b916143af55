// /api/settings (issue 16): Settings is every plan's, so each route needs only a session; who may do
// what (owner or agency admin for the agency details, one's own sessions and account) is checked in
// the services, which take the caller from the session and never an id of a user or agency.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { agencySettingsSchema, deleteAccountSchema, notificationPreferencesSchema, USER_SETTINGS_TEXT } from '#shared/settings.ts';
import { requireFeature, type AppEnv } from '#server/context.ts';
import { idParam, readJson } from '#server/http.ts';
import { canEditAgency, getAgencySettings, updateAgencySettings } from './agency-service.ts';
import { deleteOwnAccount } from './delete-account.ts';
import { getNotificationPreferences, updateNotificationPreferences } from './notification-preferences.ts';
import { listMySessions, signOutOtherSessions, signOutSession } from './sessions-service.ts';
import { listSignInHistory } from './sign-in-history.ts';
import { forbidden } from '#server/errors.ts';

export function settingsRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/settings/*', requireFeature('settings'));

  r.get('/settings/agency', async (c) => c.json({ agency: await getAgencySettings(c.var.deps.db, c.var.actor) }));
  r.put('/settings/agency', async (c) => {
    // a team member is refused before the body is read: the answer is the same whatever they send
    if (!canEditAgency(c.var.actor)) throw forbidden(USER_SETTINGS_TEXT.agencyEditDenied, 'DENIED_AGENCY_ROLE');
    const input = await readJson(c, agencySettingsSchema);
    return c.json({ agency: await updateAgencySettings(c.var.deps.db, c.var.actor, input) });
  });

  // the caller's own preferences: the user id comes from the session, never from the request
  r.get('/settings/notifications', async (c) => c.json({ preferences: await getNotificationPreferences(c.var.deps.db, c.var.actor) }));
  r.put('/settings/notifications', async (c) => {
    const input = await readJson(c, notificationPreferencesSchema);
    return c.json({ preferences: await updateNotificationPreferences(c.var.deps.db, c.var.actor, input) });
  });

  r.get('/settings/sessions', async (c) => c.json({ sessions: await listMySessions(c.var.deps.db, c.var.actor) }));
  r.delete('/settings/sessions/:id', async (c) => {
    const id = idParam(c, 'id', USER_SETTINGS_TEXT.sessionNotFound);
    await signOutSession(c.var.deps.db, c.var.actor, id);
    return c.json({ ok: true });
  });
  r.post('/settings/sessions/sign-out-others', async (c) => c.json({ signed_out: await signOutOtherSessions(c.var.deps.db, c.var.actor) }));

  r.get('/settings/sign-in-history', async (c) => c.json({ attempts: await listSignInHistory(c.var.deps.db, c.var.actor) }));

  r.post('/settings/delete-account', async (c) => {
    // only from one's own agency, whatever the body (deleteOwnAccount checks again under its lock)
    if (c.var.actor.agency.ownerId !== c.var.actor.userId) throw forbidden(USER_SETTINGS_TEXT.deleteOwnerOnly, 'DENIED_AGENCY_ROLE');
    const input = await readJson(c, deleteAccountSchema);
    await deleteOwnAccount(c.var.deps, c.var.actor, input);
    // the session rows are gone with the user; the browser's cookies go too
    for (const name of ['policydesk.session_token', '__Secure-policydesk.session_token', 'policydesk.session_data', '__Secure-policydesk.session_data'])
      deleteCookie(c, name, { path: '/', ...(name.startsWith('__Secure-') ? { secure: true } : {}) });
    return c.json({ ok: true });
  });

  return r;
}
