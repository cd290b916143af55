// The avatar button of the header. Its menu (avatar-menu-panel.tsx: Radix dropdown, about 14 KB
// gzip) loads after the first screen; this look-alike button stands in for it until then (issue 33).
import { deferred } from '#web/lib/deferred.tsx';
import type { Session } from '#web/lib/session.ts';
import { AVATAR_TRIGGER_CLASS, AvatarFace, avatarLabel } from './avatar-face.tsx';

const Panel = deferred<{ session: Session }>(() => import('./avatar-menu-panel.tsx').then((m) => m.AvatarMenuPanel));

export function AvatarMenu({ session }: { session: Session }) {
  return (
    <Panel
      session={session}
      standIn={(reach) => (
        <button type="button" aria-label={avatarLabel(session.profile.first_name, session.profile.last_name)} aria-haspopup="menu" aria-expanded={false} className={AVATAR_TRIGGER_CLASS} onClick={reach}>
          <AvatarFace session={session} />
        </button>
      )}
    />
  );
}
