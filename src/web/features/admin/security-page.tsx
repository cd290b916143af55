// /admin/security (super admin): audit log, sign-in lockouts, platform settings.
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { LockoutsPanel } from './lockouts-panel.tsx';
import { PlatformSettingsPanel } from './platform-settings-form.tsx';

export function AdminSecurityPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Security Settings</h1>
        <p className="mt-1 text-slate-600">Who changed what, sign-in lockouts, and the platform's security settings.</p>
      </div>
      <Tabs defaultValue="audit">
        <TabsList aria-label="Security sections">
          <TabsTrigger value="audit">Audit log</TabsTrigger>
          <TabsTrigger value="lockouts">Sign-in lockouts</TabsTrigger>
          <TabsTrigger value="settings">Platform settings</TabsTrigger>
        </TabsList>
        <TabsContent value="audit"><AuditLogPanel /></TabsContent>
        <TabsContent value="lockouts"><LockoutsPanel /></TabsContent>
        <TabsContent value="settings"><PlatformSettingsPanel /></TabsContent>
      </Tabs>
    </div>
  );
}
