// The tab bar of /dashboard/api-settings: API keys, Webhooks, Reference — each its own page.
import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';

const TABS = [
  { label: 'API keys', href: '/dashboard/api-settings' },
  { label: 'Webhooks', href: '/dashboard/api-settings/webhooks' },
  { label: 'Reference', href: '/dashboard/api-settings/reference' },
] as const;

export function ApiSettingsTabs() {
  return (
    <nav aria-label="API settings sections" className="mb-6 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {TABS.map((tab) => (
        <NavLink
          key={tab.href}
          to={tab.href}
          end
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
              isActive && 'bg-white text-slate-900 shadow-sm',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
