// The tab bar of /dashboard/api-settings: keys, webhooks and the reference, each its own route.
import { NavLink } from 'react-router';
import { API_TEXT } from '#shared/api-keys.ts';
import { cn } from '#web/lib/cn.ts';

export const API_SETTINGS_TABS = [
  { to: '/dashboard/api-settings', label: API_TEXT.keysTab },
  { to: '/dashboard/api-settings/webhooks', label: API_TEXT.webhooksTab },
  { to: '/dashboard/api-settings/reference', label: API_TEXT.referenceTab },
] as const;

export function ApiSettingsTabs() {
  return (
    <nav aria-label="API settings" className="mb-6 overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {API_SETTINGS_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                  isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
