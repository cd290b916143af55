// The signed-in pages' frame while the session is not known yet (issue 33, decision 075): the shell's
// sidebar and header, and the page's heading with placeholders where its data will be. The build
// renders it as HTML for the pages of PAGE_FRAMES (prerender.tsx, scripts/prerender-plugin.ts), which
// the server sends to a browser holding a session, so it paints before any JavaScript runs; the web
// app keeps that HTML and draws it again until the session is there (app/frame-pending.tsx), so this
// module is not in the browser's chunks. It holds nothing of the user's: no name, no agency, no brand.
import { useLocation } from 'react-router';
import { PAGE_FRAMES, type FramedPath } from './signed-in-frames.ts';
import { PageHeader } from '../components/page-header.tsx';
import { SKIP_LINK_CLASS } from './skip-link.ts';

type Frame = (typeof PAGE_FRAMES)[FramedPath];

const BAR = 'rounded bg-slate-200/70';

function ListCard({ rows }: { rows: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-4">
        <div className={`h-10 md:w-72 ${BAR}`} />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex h-14 items-center gap-4 border-b border-slate-100 px-4 last:border-0">
          <div className={`h-4 w-1/4 ${BAR}`} />
          <div className={`h-4 w-1/3 ${BAR}`} />
          <div className={`hidden h-4 w-1/6 sm:block ${BAR}`} />
        </div>
      ))}
    </div>
  );
}

function Body({ frame }: { frame: Frame }) {
  if (frame.kind === 'dashboard')
    return (
      <div className="space-y-6">
        <div className="rounded-lg bg-gradient-to-r from-brand-700 to-brand-600 p-6 shadow-sm">
          <div className="h-8 w-56 max-w-full rounded bg-white/25" />
          <div className="mt-1 h-5 w-64 max-w-full rounded bg-white/20" />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="h-72 rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
            <h2 className="text-lg font-semibold text-slate-900">{frame.cards[0]}</h2>
          </div>
          <div className="h-72 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{frame.cards[1]}</h2>
          </div>
        </div>
      </div>
    );
  return (
    <div>
      <PageHeader title={frame.title} description={frame.description || '\u00a0'} />
      {frame.kind === 'renewals' ? (
        <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-[106px] rounded-lg border border-slate-200 bg-white shadow-xs" />
          ))}
          <div className="col-span-2 h-[106px] rounded-lg border border-slate-200 bg-white shadow-xs sm:col-span-3 lg:col-span-1" />
        </div>
      ) : null}
      <ListCard rows={10} />
    </div>
  );
}

/** The frame of the current path's page (a signed-in path without one of its own: sidebar and header only). */
export function SignedInFrame() {
  const { pathname } = useLocation();
  const frame = (PAGE_FRAMES as Record<string, Frame | undefined>)[pathname];
  return (
    <div className="min-h-screen bg-slate-50" data-signed-in-frame="">
      {/* a real first Tab stop, as in the shell: the app hands its focus on when it draws (decision 080) */}
      <a href="#main" className={SKIP_LINK_CLASS}>
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center border-b border-slate-200 px-4">
          <div className={`h-7 w-36 ${BAR}`} />
        </div>
        <div className="space-y-4 p-4">
          {Array.from({ length: 9 }, (_, i) => (
            <div key={i} className={`h-5 ${BAR}`} />
          ))}
        </div>
      </aside>
      <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
        <header className="sticky top-0 z-20 h-16 border-b border-slate-200 bg-white" />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          <p role="status" className="sr-only">
            Loading...
          </p>
          {frame ? <Body frame={frame} /> : null}
        </main>
      </div>
    </div>
  );
}
