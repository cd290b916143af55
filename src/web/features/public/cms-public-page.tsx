// /about, /privacy, /terms, /cookies, /gdpr: the published text, or the starting text marked as a draft.
import { useLocation } from 'react-router';
import { format, parseISO } from 'date-fns';
import { Info } from 'lucide-react';
import { CMS_PAGES, CONTENT_TEXT } from '#shared/content.ts';
import { MarkdownView } from '#web/components/markdown-view.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { usePublicPage } from './content-queries.ts';

export function CmsPublicPage() {
  const { pathname } = useLocation();
  const known = CMS_PAGES.find((p) => p.path === pathname) ?? CMS_PAGES[0];
  const page = usePublicPage(known.slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      {page.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={`Loading ${known.title}`} />
        </div>
      ) : page.isError ? (
        <div role="alert" className="space-y-4 text-center">
          <h1 className="text-3xl font-bold text-slate-900">{known.title}</h1>
          <p className="text-slate-600">This page could not be loaded: {errorMessage(page.error)}</p>
          <Button variant="outline" onClick={() => page.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <header className="border-b border-slate-200 pb-6">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.data.title}</h1>
            {page.data.updated_at ? (
              <p className="mt-2 text-sm text-slate-500">Last updated {format(parseISO(page.data.updated_at), 'MMMM d, yyyy')}</p>
            ) : null}
            {page.data.draft ? (
              <p role="note" className="mt-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                {CONTENT_TEXT.draftNotice}
              </p>
            ) : null}
          </header>
          <MarkdownView html={page.data.html} className="mt-8" />
        </>
      )}
    </article>
  );
}
