// The letterhead of the printable pages (policy, reports): the agency's white label (logo, name,
// support contacts, colour) when it applies; the agency's name otherwise.
import type { EffectiveBrand } from '#shared/branding-text.ts';
import { useBrandColors } from '#web/lib/brand.ts';
import { BrandMark } from './brand-mark.tsx';

export function PrintBrand({ brand, agencyName }: { brand: EffectiveBrand | null; agencyName: string | undefined }) {
  useBrandColors(brand?.color);
  if (!brand) return <p className="text-sm text-slate-500">{agencyName ?? 'PolicyDesk'}</p>;
  const contacts = [brand.support_email, brand.support_phone].filter(Boolean).join(' · ');
  return (
    <div className="mb-2 border-l-4 border-brand-700 pl-3" data-testid="print-brand">
      <BrandMark brand={brand} />
      {contacts ? <p className="text-xs text-slate-500">{contacts}</p> : null}
    </div>
  );
}
