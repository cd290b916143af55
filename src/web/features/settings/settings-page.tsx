// /dashboard/settings (every plan): Agency, Notifications, Security and Data, the tab kept in the URL.
import { useSearchParams } from 'react-router';
import { SETTINGS_TAB_LABEL, SETTINGS_TABS, USER_SETTINGS_TEXT, type SettingsTab } from '#shared/settings.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { AgencyTab } from './agency-tab.tsx';
import { DataTab } from './data-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

const isTab = (v: string | null): v is SettingsTab => SETTINGS_TABS.includes(v as SettingsTab);

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: SettingsTab = isTab(raw) ? raw : 'agency';
  const select = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={USER_SETTINGS_TEXT.title} description="Your agency's details, your sessions and sign-ins, and your data." />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Settings sections">
          {SETTINGS_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {SETTINGS_TAB_LABEL[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="agency">
          <AgencyTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="data">
          <DataTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
