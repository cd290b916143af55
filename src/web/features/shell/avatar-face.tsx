// The avatar button's face (initials and name) and look: drawn by the stand-in and by the menu's trigger.
import type { Session } from '#web/lib/session.ts';

export const AVATAR_LABEL = 'Account menu';

/** The button's accessible name starts with the name it shows (WCAG 2.5.3, label in name). */
export function avatarLabel(first: string, last: string): string {
  const name = `${first.trim()} ${last.trim()}`.trim();
  return name ? `${name}, ${AVATAR_LABEL}` : AVATAR_LABEL;
}
export const AVATAR_TRIGGER_CLASS = 'flex items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:pr-3';

export function initialsOf(first: string, last: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
  return letters || email.charAt(0).toUpperCase();
}

export function AvatarFace({ session }: { session: Session }) {
  const { first_name, last_name, email } = session.profile;
  return (
    <>
      <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white" aria-hidden>
        {initialsOf(first_name, last_name, email)}
      </span>
      <span className="hidden text-sm font-medium text-slate-800 sm:inline">
        {first_name.trim()} {last_name.trim()}
      </span>
    </>
  );
}
