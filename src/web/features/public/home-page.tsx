import { Link } from 'react-router';
import {
  ArrowRight,
  BarChart3,
  Bell,
  CheckCircle2,
  FileText,
  PlayCircle,
  ShieldCheck,
  Star,
  UsersRound,
  Zap,
} from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { notify } from '#web/lib/toast.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

const FEATURES = [
  { icon: FileText, title: 'Policy Management', text: 'Car and fire policies with their vehicle and property details, premiums and dates in one register.' },
  { icon: UsersRound, title: 'Customer Records', text: 'Every customer with contact details, linked policies and a full communication log.' },
  { icon: Bell, title: 'Renewal Tracking', text: 'See what expires next and renew on time, so no policy lapses unnoticed.' },
  { icon: BarChart3, title: 'Reports & Analytics', text: 'Usage, renewals and performance of your book, ready for your next review.' },
  { icon: ShieldCheck, title: 'Secure by Design', text: 'Role-based access, two-factor sign-in for Enterprise and your data kept to your agency.' },
  { icon: Zap, title: 'Team Workspaces', text: 'Invite your agents on Enterprise and work on one shared book of business.' },
];

const BENEFITS = [
  'Reduce admin time by 60% with one place for customers and policies',
  'Never miss a renewal with dates and statuses at a glance',
  'Start free, then upgrade when your book grows',
  '14-day free trial on every paid plan, no card required',
];

const TESTIMONIALS = [
  {
    quote: 'We moved 400 policies over in an afternoon. Renewals used to live in three spreadsheets; now they live in one screen.',
    name: 'Maria Gonzalez',
    role: 'Independent Agent, Austin',
  },
  {
    quote: 'My team spends far less time on paperwork. The customer log alone saved us hours every week.',
    name: 'David Chen',
    role: 'Agency Owner, Chen & Partners Insurance',
  },
  {
    quote: 'Simple enough for a one-person office, with the reporting our operations team asks for.',
    name: 'Sarah Thompson',
    role: 'Operations Manager, Lakeside Brokers',
  },
];

export function HomePage() {
  const hydrated = useHydrated();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:py-28">
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
            Built for independent insurance agents
          </p>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Insurance management made simple
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Keep customers, policies, renewals and communications in one secure place, and spend your time selling
            instead of searching.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" asChild>
              <Link to="/register">
                Start Free Trial <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" disabled={!hydrated} onClick={() => notify.notImplemented()}>
              <PlayCircle className="h-5 w-5" aria-hidden /> Watch Demo
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600">14-day free trial · No credit card required</p>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold text-slate-900">
            Everything your agency needs
          </h2>
          <p className="mt-4 text-slate-600">From the first quote to the tenth renewal, PolicyDesk keeps the whole book in order.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <f.icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="benefits-heading" className="text-3xl font-bold text-slate-900">
              Why agents choose PolicyDesk
            </h2>
            <ul className="mt-8 space-y-4">
              {BENEFITS.map((b) => (
                <li key={b} className="flex items-start gap-3 text-slate-700">
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden />
                  {b}
                </li>
              ))}
            </ul>
            <Button className="mt-8" variant="outline" asChild>
              <Link to="/pricing">
                View pricing <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {[
              ['60%', 'less admin time'],
              ['14 days', 'free trial on paid plans'],
              ['4 plans', 'from free to unlimited'],
              ['24 h', 'e-mail support response'],
            ].map(([value, label]) => (
              <div key={label} className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
                <dt className="sr-only">{label}</dt>
                <dd className="text-3xl font-bold text-brand-700">{value}</dd>
                <dd className="mt-1 text-sm text-slate-600">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-slate-900">
          Trusted by insurance professionals
        </h2>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-yellow-500" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} className="h-4 w-4 fill-current" aria-hidden />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-6">
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-600">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-700">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h2 id="cta-heading" className="text-3xl font-bold text-white">
            Ready to simplify your agency?
          </h2>
          <p className="mt-4 text-brand-100">Start free today, or talk to us about the right plan for your team.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" variant="secondary" asChild>
              <Link to="/register">Get Started Free</Link>
            </Button>
            <Button size="lg" variant="outline" className="border-white bg-transparent text-white hover:bg-brand-800" asChild>
              <Link to="/contact">Talk to Sales</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
