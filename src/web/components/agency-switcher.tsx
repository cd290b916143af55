import { useNavigate } from 'react-router';
import { Building2, Check } from 'lucide-react';
import { AGENCY_ROLE_LABEL, TEAM_TEXT } from '#shared/team-text.ts';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './ui/dropdown-menu.tsx';
import { errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { useSession, useSwitchAgency } from '../lib/session.ts';

/**
 * Items for the avatar menu: the agencies the user belongs to, the current one checked. Shown only
 * when there is a choice. The server keeps the choice in the session.
 */
export function AgencySwitcher() {
  const { data: session } = useSession();
  const switchAgency = useSwitchAgency();
  const navigate = useNavigate();
  const agencies = session?.agencies ?? [];
  if (!session || agencies.length < 2) return null;

  // mutateAsync, not mutate's callbacks: the menu (and this component) closes before the answer.
  const pick = async (id: string, name: string) => {
    if (id === session.agency.id) return;
    try {
      await switchAgency.mutateAsync(id);
      notify.success(TEAM_TEXT.switchedTitle, TEAM_TEXT.switched(name));
      navigate('/dashboard');
    } catch (err) {
      notify.error(TEAM_TEXT.actionFailedTitle, errorMessage(err, TEAM_TEXT.unexpectedError));
    }
  };

  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs font-medium uppercase tracking-wide text-slate-500">Switch agency</DropdownMenuLabel>
      {agencies.map((a) => {
        const current = a.id === session.agency.id;
        return (
          <DropdownMenuItem
            key={a.id}
            aria-current={current ? 'true' : undefined}
            disabled={switchAgency.isPending}
            onSelect={() => void pick(a.id, a.name)}
          >
            <Building2 className="h-4 w-4 text-slate-500" aria-hidden />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate">{a.name}</span>
              <span className="text-xs text-slate-500">{AGENCY_ROLE_LABEL[a.role] ?? a.role}</span>
            </span>
            {current ? <Check className="h-4 w-4 text-brand-700" aria-label="Current agency" /> : null}
          </DropdownMenuItem>
        );
      })}
    </>
  );
}
