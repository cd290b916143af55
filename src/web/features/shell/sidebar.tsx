// The dashboard sidebar: every item with its minimum tier; locked items are dimmed with a lock and
// a click shows the spec's 'Access Denied' toast. The Admin section only for admins.
import { NavLink } from 'react-router';
import { Lock } from 'lucide-react';
import { ACCESS_TEXT } from '#shared/access.ts';
import { sidebarFor, type SidebarEntry } from '#shared/navigation.ts';
import { preloadPath } from '#web/app/preload-path.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, type Session } from '#web/lib/session.ts';
import { NAV_ICONS } from './nav-icons.ts';

export const ACCESS_DENIED_TITLE = 'Access Denied';
/** beside an item the user may open but only read (a team member on API Settings and White Label) */
export const VIEW_ONLY = 'View only';

function Item({ item, onNavigate }: { item: SidebarEntry; onNavigate?: () => void }) {
  const Icon = NAV_ICONS[item.icon];
  const base = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium';
  if (item.locked)
    return (
      <button
        type="button"
        className={cn(base, 'cursor-not-allowed text-slate-500 hover:bg-slate-50 [&_svg]:text-slate-400')}
        onClick={() => notify.error(ACCESS_DENIED_TITLE, ACCESS_TEXT.lockedItem(item.name))}
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">{item.name}</span>
        <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden />
        <span className="sr-only">(locked)</span>
      </button>
    );
  return (
    <NavLink
      to={item.href}
      end={item.href === '/dashboard' || item.href === '/admin'}
      onClick={onNavigate}
      // the page's chunk and data are asked for as the pointer or focus arrives, ahead of the click
      onMouseEnter={() => preloadPath(item.href)}
      onFocus={() => preloadPath(item.href)}
      onTouchStart={() => preloadPath(item.href)}
      className={({ isActive }) =>
        cn(base, isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900')
      }
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      <span className="flex-1">{item.name}</span>
      {item.viewOnly ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{VIEW_ONLY}</span> : null}
    </NavLink>
  );
}

export function SidebarNav({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const model = sidebarFor(accessSubjectOf(session));
  return (
    <nav aria-label="Dashboard" className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      <ul className="space-y-0.5">
        {model.main.map((item) => (
          <li key={item.href}>
            <Item item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {model.admin ? (
        <div>
          <h2 className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Admin</h2>
          <ul className="space-y-0.5">
            {model.admin.map((item) => (
              <li key={item.href}>
                <Item item={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
