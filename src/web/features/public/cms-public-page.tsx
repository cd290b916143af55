// /about, /privacy, /terms, /cookies, /gdpr: the published text (on a fresh install, the default text).
import { useLocation } from 'react-router';
import { format, parseISO } from 'date-fns';
import { CMS_PAGES } from '#shared/content.ts';
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
          </header>
          <MarkdownView html={page.data.html} className="mt-8" />
        </>
      )}
    </article>
  );
}
