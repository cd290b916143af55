import { ChevronDown } from 'lucide-react';

export interface Faq {
  q: string;
  a: string;
}

/** Questions as native disclosure widgets: keyboard-operable and readable without script. */
export function FaqList({ items }: { items: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <p className="mt-3 text-sm text-slate-600">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
