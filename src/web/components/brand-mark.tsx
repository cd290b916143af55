// The agency's logo and name where the product's own mark would be (shell, print pages, invitation
// page); the PolicyDesk mark when there is no brand.
import { ShieldCheck } from 'lucide-react';
import { DEFAULT_BRAND, type EffectiveBrand } from '#shared/branding-text.ts';
import { cn } from '#web/lib/cn.ts';

export function BrandMark({ brand, className, size = 'md' }: { brand: EffectiveBrand | null; className?: string; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-6' : 'h-8';
  return (
    <span className={cn('flex min-w-0 items-center gap-2 font-bold text-slate-900', size === 'sm' || brand?.logo_url ? 'text-base' : 'text-lg', className)}>
      {brand?.logo_url ? (
        <img src={brand.logo_url} alt="" className={cn(box, 'w-auto max-w-[6rem] shrink-0 object-contain')} />
      ) : (
        <span className={cn(box, 'flex aspect-square shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white')}>
          <ShieldCheck className="h-5 w-5" aria-hidden />
        </span>
      )}
      {/* a long agency name wraps to two lines rather than losing its end */}
      <span className="line-clamp-2 leading-tight break-words">{brand?.name ?? DEFAULT_BRAND.name}</span>
    </span>
  );
}
