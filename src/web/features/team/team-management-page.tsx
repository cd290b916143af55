import { Users } from 'lucide-react';
import { TEAM_MANAGEMENT } from '#shared/team-text.ts';
import { RequireAccess } from '#web/app/guards.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useTeam } from './api.ts';
import { InviteForm } from './invite-form.tsx';
import { TeamTable } from './team-table.tsx';

/** The spec's guard (enterprise + manage_team) for the agency's owner or admins; the server checks the same rule. */
export function TeamManagementPage() {
  return (
    <RequireAccess need={TEAM_MANAGEMENT}>
      <TeamManagement />
    </RequireAccess>
  );
}

function TeamManagement() {
  const team = useTeam();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Team Management</h1>
        <p className="mt-1 text-sm text-slate-600">
          Invite colleagues to work on {team.data ? <strong>{team.data.agency.name}</strong> : 'your agency'}&apos;s customers and policies.
        </p>
      </div>
      <InviteForm />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users className="h-5 w-5 text-slate-500" aria-hidden /> Team members
          </CardTitle>
          <CardDescription>
            Admins manage the team and all data, but not billing or the plan. Team Members work on customers, policies and communications.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          <TeamTable team={{ ...team, data: team.data ? { rows: team.data.entries } : undefined }} />
        </CardContent>
      </Card>
    </div>
  );
}
