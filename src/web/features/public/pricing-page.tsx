import { Link } from 'react-router';
import { Building2, Check } from 'lucide-react';
import { pricingFeatures } from '#shared/features.ts';
import { PLAN_PRICES, TIER_LABEL, planLimitLines, type Tier } from '#shared/tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { FaqList, type Faq } from './faq-list.tsx';

interface Plan {
  tier: Tier;
  price: string;
  period: string;
  description: string;
  limits: string[];
  features: string[];
  cta: { label: string; to: string };
  popular?: boolean;
}

/** The advertised plans (platform.md §9): limits and features from the shared plan data and feature map. */
export const PLANS: Plan[] = [
  {
    tier: 'starter',
    price: PLAN_PRICES.starter,
    period: 'forever',
    description: 'For agents getting started with a small book.',
    limits: planLimitLines('starter'),
    features: [...pricingFeatures('starter'), 'E-mail support'],
    cta: { label: 'Get Started Free', to: '/register' },
  },
  {
    tier: 'professional',
    price: PLAN_PRICES.professional,
    period: 'per month',
    description: 'For growing agents who need renewals and reports.',
    limits: planLimitLines('professional'),
    features: ['Everything in Starter', ...pricingFeatures('professional')],
    cta: { label: 'Start Free Trial', to: '/register?plan=professional' },
    popular: true,
  },
  {
    tier: 'business',
    price: PLAN_PRICES.business,
    period: 'per month',
    description: 'For busy agencies with documents and analytics.',
    limits: planLimitLines('business'),
    features: ['Everything in Professional', ...pricingFeatures('business')],
    cta: { label: 'Start Free Trial', to: '/register?plan=business' },
  },
  {
    tier: 'enterprise',
    price: PLAN_PRICES.enterprise,
    period: 'per month',
    description: 'For teams that need everything, without limits.',
    limits: planLimitLines('enterprise'),
    features: ['Everything in Business', ...pricingFeatures('enterprise'), '24/7 emergency support'],
    cta: { label: 'Contact Sales', to: '/contact' },
  },
];

const FAQS: Faq[] = [
  { q: 'Can I change plans later?', a: 'Yes. You can upgrade or downgrade at any time, and plan changes take effect immediately.' },
  { q: 'Is there a free trial?', a: 'Every paid plan comes with a 14-day free trial. No credit card is required to start.' },
  { q: 'Is there a setup fee?', a: 'No. There is no setup fee on any plan.' },
  {
    q: 'Do renewals count toward my policy limit?',
    a: 'A renewal replaces its term: once a policy is renewed, the old term no longer counts toward your plan\'s policy limit, so you can always renew, even at the limit.',
  },
  { q: 'Do you offer annual billing?', a: 'Yes. Annual billing saves 20% compared with paying monthly.' },
  {
    q: 'Which payment methods do you accept?',
    a: 'We accept credit card and PayPal, and bank transfer for annual plans. Upgrades are confirmed once an administrator has verified your payment, usually within 24-48 hours.',
  },
];

export function PricingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Simple, transparent pricing</h1>
          <p className="mt-4 text-lg text-slate-600">Start free. Every paid plan includes a 14-day free trial, no card required.</p>
        </div>
      </section>
      <section aria-label="Plans" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <li
              key={plan.tier}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
                plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
              )}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </span>
              ) : null}
              <h2 id={`plan-${plan.tier}`} className="text-lg font-semibold text-slate-900">
                {TIER_LABEL[plan.tier]}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold text-slate-900">{plan.price}</span>
                <span className="text-sm text-slate-600">{plan.period}</span>
              </p>
              <ul className="mt-6 space-y-2 text-sm" aria-label={`${TIER_LABEL[plan.tier]} limits`}>
                {plan.limits.map((l) => (
                  <li key={l} className="font-medium text-slate-900">
                    {l}
                  </li>
                ))}
              </ul>
              <ul className="mt-4 flex-1 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <Button className="mt-6 w-full" variant={plan.popular ? 'primary' : 'outline'} asChild>
                <Link to={plan.cta.to} aria-label={`${plan.cta.label} – ${TIER_LABEL[plan.tier]}`}>
                  {plan.cta.label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="custom-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-slate-900 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-4">
            <Building2 className="h-10 w-10 shrink-0 text-brand-500" aria-hidden />
            <div>
              <h2 id="custom-heading" className="text-xl font-semibold">
                Custom Enterprise
              </h2>
              <p className="mt-1 text-slate-300">
                Large agency or network? We tailor onboarding, limits and support to your organisation.
              </p>
            </div>
          </div>
          <Button variant="secondary" size="lg" asChild>
            <Link to="/contact">Contact Sales Team</Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="pricing-faq-heading" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <h2 id="pricing-faq-heading" className="text-center text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqList items={FAQS} />
        </div>
      </section>
    </>
  );
}
