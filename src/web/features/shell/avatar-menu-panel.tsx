// The avatar menu: name, e-mail, Dashboard, Profile, Admin (admin and super_admin) and Log out → /.
// Loaded after the first screen (avatar-menu.tsx stands in for it until then).
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
import type { DeferredProps } from '#web/lib/deferred.tsx';
import { AVATAR_TRIGGER_CLASS, AvatarFace, avatarLabel } from './avatar-face.tsx';

export function AvatarMenuPanel({ session, defaultOpen }: { session: Session } & DeferredProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { first_name, last_name, email } = session.profile;
  const isAdmin = hasRole(accessSubjectOf(session), 'admin');
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={avatarLabel(first_name, last_name)} className={AVATAR_TRIGGER_CLASS}>
        <AvatarFace session={session} />
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
