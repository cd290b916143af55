// /blog (published posts, paged in the URL) and /blog/:slug (one post).
import { Link, useParams, useSearchParams } from 'react-router';
import { format, parseISO } from 'date-fns';
import { ArrowLeft, Newspaper } from 'lucide-react';
import type { BlogPostSummary } from '#shared/blog.ts';
import { MarkdownView } from '#web/components/markdown-view.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { usePublishedPost, usePublishedPosts } from './content-queries.ts';

function byline(p: BlogPostSummary) {
  return [p.author_name, p.published_at ? format(parseISO(p.published_at), 'MMMM d, yyyy') : null].filter(Boolean).join(' · ');
}

export function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = usePublishedPosts(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blog</h1>
        <p className="mt-3 text-lg text-slate-600">Practical advice for insurance agencies: renewals, client service and running a modern agency.</p>
      </header>
      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading posts" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="mt-10 space-y-3 text-slate-700">
          <p>The posts could not be loaded: {errorMessage(list.error)}</p>
          <Button variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.rows.length === 0 ? (
        <div className="mt-10 rounded-lg border border-dashed border-slate-300 p-12 text-center text-slate-600">
          <Newspaper className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
          <p className="mt-3">No posts yet. Check back soon.</p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Posts">
          {data?.rows.map((p) => (
            <li key={p.id}>
              <Link
                to={`/blog/${p.slug}`}
                className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs transition hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {p.cover_url ? (
                  <img src={p.cover_url} alt="" className="aspect-video w-full object-cover" loading="lazy" />
                ) : (
                  <div className="flex aspect-video items-center justify-center bg-brand-50 text-brand-700" aria-hidden>
                    <Newspaper className="h-10 w-10" />
                  </div>
                )}
                <div className="flex flex-1 flex-col p-5">
                  <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">{p.title}</h2>
                  {p.summary ? <p className="mt-2 line-clamp-3 text-sm text-slate-600">{p.summary}</p> : null}
                  <p className="mt-auto pt-4 text-xs text-slate-500">{byline(p)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Blog pages" className="mt-10 flex items-center justify-between text-sm text-slate-600">
          <span>
            Page {page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setParams(page - 1 > 1 ? { page: String(page - 1) } : {})}>
              Newer posts
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })}>
              Older posts
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = usePublishedPost(slug);
  const back = (
    <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All posts
    </Link>
  );
  if (post.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading post" />
      </div>
    );
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{missing ? 'Post not found' : 'Something went wrong'}</h1>
        <p className="mt-3 text-slate-600">{missing ? 'This post does not exist or is no longer published.' : errorMessage(post.error)}</p>
        <div className="mt-6">{back}</div>
      </div>
    );
  }
  const p = post.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      {back}
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{p.title}</h1>
        <p className="mt-3 text-sm text-slate-500">{byline(p)}</p>
      </header>
      {p.cover_url ? <img src={p.cover_url} alt="" className="mt-8 aspect-video w-full rounded-lg object-cover" /> : null}
      {p.summary ? <p className="mt-8 text-lg text-slate-700">{p.summary}</p> : null}
      <MarkdownView html={p.html} className="mt-6" />
    </article>
  );
}
