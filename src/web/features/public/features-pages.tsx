// /features and one page per Features dropdown item (the spec's placeholder toasts, built out).
import { Link, useParams } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { FEATURE_LINKS } from './site-content.ts';

interface FeatureDetail {
  title: string;
  lead: string;
  sections: { heading: string; text: string; points: string[] }[];
  plan: string;
}

const DETAILS: Record<string, FeatureDetail> = {
  'policy-management': {
    title: 'Policy Management',
    lead: 'One register for every car and fire policy you write, with the details, premiums and dates you need to service it.',
    sections: [
      {
        heading: 'Everything about a policy in one place',
        text: 'Record the policy number, insurer, dates, premium and status, with the vehicle or property details that belong to it.',
        points: ['Car policies with make, model, year and plate', 'Fire policies with property address, type and value', 'Statuses: Active, Pending, Expired, Cancelled'],
      },
      {
        heading: 'Find any policy in seconds',
        text: 'Search by customer, policy number or company and filter by type and status across your whole book.',
        points: ['Search and filters on every list', '25 policies per page with paging', 'Customers created automatically from a new policy'],
      },
      {
        heading: 'Stay ahead of renewals',
        text: 'End dates are always visible, and the Professional plan adds renewal tracking, reports and export.',
        points: ['End dates on every row', 'Renewals and reports on Professional', 'Limits that grow with your plan'],
      },
    ],
    plan: 'Included in every plan, from Starter (20 policies) to Enterprise (unlimited).',
  },
  'client-portal': {
    title: 'Client Portal',
    lead: 'A complete profile for every customer: contact details, linked policies and the full history of your conversations.',
    sections: [
      {
        heading: 'Customer profiles',
        text: 'Individuals and businesses with e-mail, phone, address and date of birth, always one click from their policies.',
        points: ['Individual and business customers', 'Linked policies on the profile', 'Search by name or e-mail'],
      },
      {
        heading: 'Communication log',
        text: 'Log calls, e-mails and meetings so anyone on your team knows what was said and what comes next.',
        points: ['Every contact with date and notes', 'Shared across your agency team', 'Kept private to your agency'],
      },
      {
        heading: 'Built for teams',
        text: 'On Enterprise, invite your agents to one shared book and decide who manages the team.',
        points: ['Invitations by e-mail', 'Owner, admin and member roles', 'Switch between agencies you belong to'],
      },
    ],
    plan: 'Customer records in every plan; team workspaces on Enterprise.',
  },
  analytics: {
    title: 'Analytics',
    lead: 'See how your book is doing: usage against your plan, renewals coming up and the performance of your policies.',
    sections: [
      {
        heading: 'Usage at a glance',
        text: 'Your dashboard shows how many customers and policies you hold against the limits of your plan.',
        points: ['Usage bars on the dashboard', 'A clear upgrade path when you grow', 'Limits read from your plan'],
      },
      {
        heading: 'Reports that answer questions',
        text: 'Reports and exports on Professional, full analytics and bulk actions on Business.',
        points: ['Reports and export on Professional', 'Analytics on Business', 'Activity history of your agency'],
      },
      {
        heading: 'Decisions, not spreadsheets',
        text: 'Spend your review meetings on what to do next instead of compiling numbers.',
        points: ['Premiums by policy', 'Renewal pipeline', 'Reduce admin time by 60%'],
      },
    ],
    plan: 'Analytics on the Business plan and above.',
  },
};

export function FeaturesPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Features</h1>
          <p className="mt-4 text-lg text-slate-600">
            Everything an independent agent needs to run the book of business, and room to grow into a team.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURE_LINKS.map((f) => (
            <li key={f.href} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <f.icon className="h-6 w-6" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{f.name}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-600">{f.description}</p>
              <Link to={f.href} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                Learn more about {f.name} <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
        <ClosingCta />
      </section>
    </>
  );
}

export function FeatureDetailPage() {
  const { slug = '' } = useParams();
  const detail = Object.hasOwn(DETAILS, slug) ? DETAILS[slug] : undefined;
  if (!detail) return <NotFoundPage />;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/features" className="hover:underline">
              Features
            </Link>{' '}
            / <span aria-current="page">{detail.title}</span>
          </nav>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{detail.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{detail.lead}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <div className="grid gap-6 md:grid-cols-3">
          {detail.sections.map((s) => (
            <article key={s.heading} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">{s.heading}</h2>
              <p className="mt-2 text-sm text-slate-600">{s.text}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {s.points.map((p) => (
                  <li key={p} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                    {p}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <p className="mt-8 text-center text-sm font-medium text-slate-700">{detail.plan}</p>
        <ClosingCta />
      </section>
    </>
  );
}

function ClosingCta() {
  return (
    <div className="mt-12 flex flex-col items-center gap-4 rounded-2xl bg-slate-50 p-8 text-center ring-1 ring-slate-200">
      <h2 className="text-2xl font-bold text-slate-900">Try it with your own book</h2>
      <p className="text-slate-600">14-day free trial on paid plans, no credit card required.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/register">Start Free Trial</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/pricing">See pricing</Link>
        </Button>
      </div>
    </div>
  );
}
