// /admin (cards, each hidden without its role) and the super-admin placeholder pages.
import { Link } from 'react-router';
import { BarChart3, Cog, CreditCard, FileText, Inbox, Lock, Newspaper, Search, Users } from 'lucide-react';
import { ADMIN_CARDS } from '#shared/admin.ts';
import { hasRole } from '#shared/access.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';

const ICONS: Record<string, typeof Users> = {
  '/admin/users': Users,
  '/admin/payment-verification': CreditCard,
  '/admin/messages': Inbox,
  '/admin/analytics': BarChart3,
  '/admin/security': Lock,
  '/admin/cms': FileText,
  '/admin/blog': Newspaper,
  '/admin/seo': Search,
  '/admin/system': Cog,
};

export function AdminDashboardPage() {
  const { data: session } = useSession();
  const subject = accessSubjectOf(session);
  const cards = ADMIN_CARDS.filter((card) => hasRole(subject, card.role));
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        <p className="mt-1 text-slate-600">Manage users, verify payments and read messages.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => {
          const Icon = ICONS[card.href] ?? FileText;
          return (
            <li key={card.href}>
              <Link
                to={card.href}
                className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs transition hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{card.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{card.description}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
