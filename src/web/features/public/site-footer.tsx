// Public footer: tagline, links, support contacts, social icons and the current year.
import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { CMS_PAGES } from '#shared/content-pages.ts';
import { notify } from '#web/lib/toast.ts';
import { Logo } from './site-header.tsx';
import { SITE } from './site-content.ts';
import { FacebookIcon, LinkedInIcon, TwitterIcon } from './social-icons.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

const SOCIAL = [
  { name: 'Facebook', Icon: FacebookIcon },
  { name: 'Twitter', Icon: TwitterIcon },
  { name: 'LinkedIn', Icon: LinkedInIcon },
];

const linkClass = 'text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  // pre-rendered: inert until React can answer a click (one before that was lost)
  const hydrated = useHydrated();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo className="text-white [&>span]:bg-brand-600" />
          <p className="text-sm leading-relaxed text-slate-400">{SITE.tagline}</p>
          <div className="flex gap-2">
            {SOCIAL.map(({ name, Icon }) => (
              <button
                key={name}
                type="button"
                aria-label={name}
                disabled={!hydrated}
                onClick={() => notify.notImplemented()}
                className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white"
              >
                <Icon className="h-4 w-4" />
              </button>
            ))}
          </div>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Product</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/features" className={linkClass}>
                Features
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={linkClass}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/blog" className={linkClass}>
                Blog
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="mt-4 space-y-2">
            {CMS_PAGES.map((p) => (
              <li key={p.slug}>
                <Link to={p.path} className={linkClass}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Support</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <a href={`mailto:${SITE.supportEmail}`} className={linkClass}>
                {SITE.supportEmail}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <a href={SITE.supportPhoneHref} className={linkClass}>
                {SITE.supportPhone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="text-slate-300">{SITE.address}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {SITE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
