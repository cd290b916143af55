// The live preview of /dashboard/white-label: a miniature of the shell's header and navigation, a
// primary button and the header of an invitation e-mail, drawn from what the form holds now (not
// what is saved), so the agency sees its brand before it saves.
import { LayoutDashboard, FileText, ShieldCheck, Users } from 'lucide-react';
import { brandCssVariables, contrastWithWhite, DEFAULT_BRAND, formatRatio, MIN_CONTRAST } from '#shared/branding-text.ts';
import type { CSSProperties } from 'react';

export interface PreviewBrand {
  name: string;
  /** a valid #rrggbb (the last valid one while the field holds something else) */
  color: string;
  logoUrl: string | null;
  supportEmail: string | null;
}

function Logo({ brand, size }: { brand: PreviewBrand; size: 'sm' | 'md' }) {
  const h = size === 'sm' ? 'h-6' : 'h-9';
  return brand.logoUrl ? (
    <img src={brand.logoUrl} alt="" className={`${h} w-auto max-w-[7rem] shrink-0 object-contain`} />
  ) : (
    <span className={`${h} flex aspect-square shrink-0 items-center justify-center rounded-md bg-brand-700 text-white`}>
      <ShieldCheck className="h-4 w-4" aria-hidden />
    </span>
  );
}

export function ContrastNote({ color }: { color: string | null }) {
  if (!color) return null;
  const ratio = contrastWithWhite(color);
  const passes = ratio >= MIN_CONTRAST;
  return (
    <p className={`text-xs ${passes ? 'text-green-700' : 'text-red-700'}`} aria-live="polite" data-testid="contrast-note">
      Contrast with white text: {formatRatio(ratio)}:1 — {passes ? 'passes WCAG AA (4.5:1).' : 'below WCAG AA (4.5:1).'}
    </p>
  );
}

export function BrandPreview({ brand }: { brand: PreviewBrand }) {
  // the same variables the shell sets, scoped to the preview
  const style = brandCssVariables(brand.color) as CSSProperties;
  const name = brand.name.trim() || DEFAULT_BRAND.name;
  return (
    <div style={style} className="space-y-4" data-testid="brand-preview">
      <figure>
        <figcaption className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Dashboard</figcaption>
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          <div className="flex h-12 items-center gap-2 border-b border-slate-200 bg-white px-3">
            <Logo brand={brand} size="sm" />
            <span className="truncate text-sm font-bold text-slate-900">{name}</span>
          </div>
          <div className="flex">
            <ul className="w-36 shrink-0 space-y-0.5 border-r border-slate-200 bg-white p-2 text-xs font-medium">
              <li className="flex items-center gap-2 rounded bg-brand-50 px-2 py-1.5 text-brand-700">
                <LayoutDashboard className="h-3.5 w-3.5" /> Dashboard
              </li>
              <li className="flex items-center gap-2 px-2 py-1.5 text-slate-700">
                <FileText className="h-3.5 w-3.5" /> Policies
              </li>
              <li className="flex items-center gap-2 px-2 py-1.5 text-slate-700">
                <Users className="h-3.5 w-3.5" /> Customers
              </li>
            </ul>
            <div className="min-w-0 flex-1 space-y-2 p-3">
              <p className="text-sm font-semibold text-slate-900">Policies</p>
              <span className="inline-flex h-8 items-center rounded-md bg-brand-700 px-3 text-xs font-medium text-white">Add Policy</span>
              <p className="text-xs text-slate-600">
                <span className="text-brand-700 underline">View all</span> policies
              </p>
            </div>
          </div>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Invitation e-mail</figcaption>
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs">
            <dt className="text-slate-500">From</dt>
            <dd className="truncate text-slate-900" data-testid="preview-from">{name}</dd>
            <dt className="text-slate-500">Reply-to</dt>
            <dd className="truncate text-slate-900">{brand.supportEmail || 'no reply address'}</dd>
          </dl>
          <div className="space-y-2 p-4">
            {brand.logoUrl ? <Logo brand={brand} size="md" /> : <p className="text-base font-bold text-brand-700">{name}</p>}
            <p className="text-slate-700">You have been invited to join {name}.</p>
            <span className="inline-flex h-9 items-center rounded-md bg-brand-700 px-4 text-xs font-semibold text-white">Accept invitation</span>
          </div>
        </div>
      </figure>
    </div>
  );
}
