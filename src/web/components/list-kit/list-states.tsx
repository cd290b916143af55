// Loading, empty and error-with-Retry (the "select all N that match" banner: selection-banner.tsx).
import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { LIST_TEXT } from '#shared/lists-text.ts';
import { Button } from '../ui/button.tsx';

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading" aria-busy className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-4 px-4 py-4">
          <div className="h-4 w-1/4 rounded bg-slate-200" />
          <div className="h-4 w-1/3 rounded bg-slate-100" />
          <div className="h-4 w-1/6 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-10 text-center text-sm text-slate-500">{children}</p>;
}

export function ListError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-red-700">
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden /> {LIST_TEXT.retry}
      </Button>
    </div>
  );
}
