// The public header's session part, loaded after the header's first render (site-header.tsx): who is
// signed in (GET /api/me), signing out, and the page's title. It brings TanStack Query with it, which
// the public first load leaves out (issue 17); it renders nothing itself and reports to the header.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasRole } from '#shared/access.ts';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import { QueryProvider } from '#web/lib/query.tsx';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, useSession, useSignOut, type Session } from '#web/lib/session.ts';
import { useDocumentTitle } from './document-title.ts';

export interface SignOut {
  pending: boolean;
  /** Signs out and goes home; `after` runs once it has settled (closes the menu). */
  run: (after?: () => void) => void;
}

export interface HeaderSessionState {
  session: Session | null | undefined;
  isAdmin: boolean;
  signOut: SignOut;
}

export interface HeaderSessionProps {
  onChange: (state: HeaderSessionState) => void;
}

export function HeaderSession({ onChange }: HeaderSessionProps) {
  return (
    <QueryProvider>
      <Bridge onChange={onChange} />
    </QueryProvider>
  );
}

function Bridge({ onChange }: HeaderSessionProps) {
  const { data: session } = useSession();
  useDocumentTitle();
  const { mutate, isPending } = useSignOut();
  const navigate = useNavigate();
  useEffect(() => {
    onChange({
      session,
      isAdmin: hasRole(accessSubjectOf(session), 'admin'),
      signOut: {
        pending: isPending,
        run: (after) =>
          mutate(undefined, {
            onSuccess: () => navigate('/'),
            onError: (err) => notify.error(AUTH_TEXT.signOutFailedTitle, err.message || AUTH_TEXT.somethingWentWrong),
            onSettled: () => after?.(),
          }),
      },
    });
  }, [onChange, session, isPending, mutate, navigate]);
  return null;
}
