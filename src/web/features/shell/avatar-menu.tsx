// The avatar button of the header. Its menu (avatar-menu-panel.tsx: Radix dropdown, about 14 KB
// gzip) loads after the first screen; this look-alike button stands in for it until then (issue 33).
import { deferred } from '#web/lib/deferred.tsx';
import type { Session } from '#web/lib/session.ts';
import { AVATAR_LABEL, AVATAR_TRIGGER_CLASS, AvatarFace } from './avatar-face.tsx';

const Panel = deferred<{ session: Session }>(() => import('./avatar-menu-panel.tsx').then((m) => m.AvatarMenuPanel));

export function AvatarMenu({ session }: { session: Session }) {
  return (
    <Panel
      session={session}
      standIn={(reach) => (
        <button type="button" aria-label={AVATAR_LABEL} aria-haspopup="menu" aria-expanded={false} className={AVATAR_TRIGGER_CLASS} onClick={reach}>
          <AvatarFace session={session} />
        </button>
      )}
    />
  );
}
