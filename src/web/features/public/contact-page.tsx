import { Clock, Headphones, Mail, MapPin, Phone, ShieldAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { notify } from '#web/lib/toast.ts';
import { ContactForm } from './contact-form.tsx';
import { FaqList, type Faq } from './faq-list.tsx';
import { SITE } from './site-content.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

const CHANNELS = [
  {
    icon: Mail,
    title: 'Email Support',
    text: 'We answer every e-mail within 24 hours.',
    action: { label: SITE.supportEmail, href: `mailto:${SITE.supportEmail}` },
  },
  {
    icon: Phone,
    title: 'Phone Support',
    text: `${SITE.hours}.`,
    action: { label: SITE.supportPhone, href: SITE.supportPhoneHref },
  },
  {
    icon: Headphones,
    title: 'Sales',
    text: 'Plans, team set-up and Enterprise pricing.',
    action: { label: SITE.salesEmail, href: `mailto:${SITE.salesEmail}` },
  },
  {
    icon: ShieldAlert,
    title: 'Emergency Support',
    text: '24/7 emergency support for Enterprise customers.',
    action: null,
  },
];

const OFFICES = [
  { city: 'New York', label: 'Headquarters', address: '350 Fifth Avenue, Suite 2100, New York, NY 10118', phone: '+1 (555) 010-2400' },
  { city: 'Los Angeles', label: 'West Coast', address: '633 West 5th Street, Floor 28, Los Angeles, CA 90071', phone: '+1 (555) 010-3100' },
  { city: 'Chicago', label: 'Midwest', address: '233 South Wacker Drive, Suite 8400, Chicago, IL 60606', phone: '+1 (555) 010-4200' },
];

const HOURS = [
  ['Monday - Friday', '9:00 - 18:00 EST'],
  ['Saturday - Sunday', 'Closed'],
  ['Enterprise emergencies', '24/7'],
];

const FAQS: Faq[] = [
  { q: 'How quickly will you reply?', a: 'We answer e-mail and contact-form messages within 24 hours on business days.' },
  { q: 'How do I upgrade my plan?', a: 'Open Upgrade Plan in your dashboard, choose a plan and upload your payment receipt. We verify payments within 24-48 hours.' },
  { q: 'Can I try a paid plan first?', a: 'Yes. Every paid plan has a 14-day free trial, no credit card required.' },
  { q: 'Do you help with moving my data?', a: 'Yes. Choose "Technical support" in the form and tell us where your data is today.' },
];

export function ContactPage() {
  const hydrated = useHydrated();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Contact us</h1>
          <p className="mt-4 text-lg text-slate-600">Questions about plans, your account or a feature? We're here to help.</p>
        </div>
      </section>

      <section aria-labelledby="channels-heading" className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="channels-heading" className="sr-only">
          Support channels
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CHANNELS.map((c) => (
            <li key={c.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <c.icon className="h-6 w-6 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{c.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{c.text}</p>
              {c.action ? (
                <a href={c.action.href} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                  {c.action.label}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
            <p className="mt-1 mb-6 text-sm text-slate-600">Fields marked * are required.</p>
            <ContactForm />
          </div>
        </div>
        <aside className="space-y-8">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Our offices</h2>
            <ul className="mt-4 space-y-4">
              {OFFICES.map((o) => (
                <li key={o.city} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                  <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                    <MapPin className="h-4 w-4 text-brand-700" aria-hidden /> {o.city}
                    <span className="text-xs font-normal text-slate-600">{o.label}</span>
                  </h3>
                  <p className="mt-1 text-sm text-slate-600">{o.address}</p>
                  <p className="mt-1 text-sm text-slate-600">{o.phone}</p>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="h-5 w-5 text-brand-700" aria-hidden /> Business hours
            </h2>
            <dl className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {HOURS.map(([day, time]) => (
                <div key={day} className="flex justify-between px-4 py-2.5 text-sm">
                  <dt className="text-slate-600">{day}</dt>
                  <dd className="font-medium text-slate-900">{time}</dd>
                </div>
              ))}
            </dl>
          </div>
        </aside>
      </section>

      <section aria-labelledby="contact-faq-heading" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <h2 id="contact-faq-heading" className="text-center text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqList items={FAQS} />
        </div>
        <div className="mt-6 text-center">
          <Button variant="outline" disabled={!hydrated} onClick={() => notify.notImplemented()}>
            View All FAQs
          </Button>
        </div>
      </section>
    </>
  );
}
