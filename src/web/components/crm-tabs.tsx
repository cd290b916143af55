// The CRM's tab bar (/dashboard/crm/*): one list, so the Tasks and Pipeline pages show the same tabs.
import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';

export const CRM_TABS = [
  { href: '/dashboard/crm/tasks', label: 'My tasks' },
  { href: '/dashboard/crm/pipeline', label: 'Pipeline' },
] as const;

export function CrmTabs() {
  return (
    <nav aria-label="CRM" className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {CRM_TABS.map((tab) => (
        <NavLink
          key={tab.href}
          to={tab.href}
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
