import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

export const UNDER_CONSTRUCTION_TEXT = 'This page is under construction.';

/** The spec's generic placeholder: the title, the text and Return to Dashboard. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Construction className="h-12 w-12 text-amber-500" aria-hidden />
        <p className="mt-4 text-slate-700">{UNDER_CONSTRUCTION_TEXT}</p>
        <Button className="mt-6" asChild>
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
