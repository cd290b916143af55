// Settings › Notifications: the user's own in-app switch per kind and the daily digest's e-mail.
// Only switches that do something: no notification kind is e-mailed, so there is no e-mail per kind.
import { useId, useState } from 'react';
import { NOTIFICATION_KINDS } from '#shared/notifications.ts';
import { DIGEST_EMAIL_LABEL, NOTIFICATION_KIND_LABEL, USER_SETTINGS_TEXT, type NotificationPreferences } from '#shared/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from './queries.ts';

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </li>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  const save = useSaveNotificationPreferences();
  const dirty = JSON.stringify(prefs) !== JSON.stringify(initial);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(prefs, {
      onSuccess: () => notify.success(USER_SETTINGS_TEXT.notificationsSaved),
      onError: (err) => notify.error('Failed to save the notification preferences', errorMessage(err)),
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-5 p-5">
      <p className="text-sm text-slate-600">{USER_SETTINGS_TEXT.notificationsHint}</p>
      <section aria-labelledby="in-app-heading">
        <h2 id="in-app-heading" className="text-sm font-semibold text-slate-900">
          In-app notifications
        </h2>
        <ul className="divide-y divide-slate-100">
          {NOTIFICATION_KINDS.map((kind) => (
            <SwitchRow
              key={kind}
              {...NOTIFICATION_KIND_LABEL[kind]}
              checked={prefs.in_app[kind]}
              onChange={(on) => setPrefs((p) => ({ ...p, in_app: { ...p.in_app, [kind]: on } }))}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="email-heading">
        <h2 id="email-heading" className="text-sm font-semibold text-slate-900">
          E-mail
        </h2>
        <ul>
          <SwitchRow {...DIGEST_EMAIL_LABEL} checked={prefs.digest_email} onChange={(on) => setPrefs((p) => ({ ...p, digest_email: on }))} />
        </ul>
      </section>
      <Button type="submit" disabled={save.isPending || !dirty}>
        {save.isPending ? 'Saving...' : 'Save notification preferences'}
      </Button>
    </form>
  );
}

export function NotificationsTab() {
  const query = useNotificationPreferences();
  return (
    <Card>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading notification preferences" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
          <p>Error loading the notification preferences: {errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PreferencesForm key={JSON.stringify(query.data.preferences)} initial={query.data.preferences} />
      )}
    </Card>
  );
}
