// One labelled value of a record's details page (empty → N/A).
import type { ReactNode } from 'react';

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children === null || children === undefined || children === '' ? 'N/A' : children}</dd>
    </div>
  );
}
