// The avatar menu: name, e-mail, Dashboard, Profile, Admin (admin and super_admin) and Log out → /.
import { useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, Shield, User } from 'lucide-react';
import { hasRole } from '#shared/access.ts';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { PlanBadge } from '#web/components/plan-badge.tsx';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, useSignOut, type Session } from '#web/lib/session.ts';
import { AgencySwitcher } from '#web/components/agency-switcher.tsx';

export function initialsOf(first: string, last: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
  return letters || email.charAt(0).toUpperCase();
}

export function AvatarMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { first_name, last_name, email } = session.profile;
  const isAdmin = hasRole(accessSubjectOf(session), 'admin');
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:pr-3"
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white" aria-hidden>
          {initialsOf(first_name, last_name, email)}
        </span>
        <span className="hidden text-sm font-medium text-slate-800 sm:inline">
          {first_name} {last_name}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <span className="block font-medium text-slate-900">
            {first_name} {last_name}
          </span>
          <span className="block truncate text-xs text-slate-500">{email}</span>
          <PlanBadge tier={session.agency?.tier ?? session.profile.effective_tier} className="mt-2" />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
          <LayoutDashboard className="h-4 w-4" aria-hidden /> Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User className="h-4 w-4" aria-hidden /> Profile
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <Shield className="h-4 w-4" aria-hidden /> Admin
          </DropdownMenuItem>
        ) : null}
        <AgencySwitcher />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signOut.isPending}
          onSelect={() =>
            signOut.mutate(undefined, {
              onSuccess: () => navigate('/'),
              onError: (err) => notify.error(AUTH_TEXT.signOutFailedTitle, err.message || AUTH_TEXT.somethingWentWrong),
            })
          }
        >
          <LogOut className="h-4 w-4" aria-hidden /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
