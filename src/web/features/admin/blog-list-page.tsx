// /admin/blog: every post, newest edit first, with its state and a way to write a new one.
import { Link } from 'react-router';
import { format, parseISO } from 'date-fns';
import { Plus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { statusBadge } from './cms-page.tsx';
import { useAdminPosts } from './content-queries.ts';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';

export function AdminBlogPage() {
  const [page, setPage] = usePageParam();
  const list = useAdminPosts(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Blog Management</h1>
          <p className="mt-1 text-slate-600">Write posts and publish them on the public blog.</p>
        </div>
        <Button asChild>
          <Link to="/admin/blog/new">
            <Plus className="h-4 w-4" aria-hidden /> New post
          </Link>
        </Button>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading posts" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="space-y-3 text-sm text-red-700">
          <p>Could not load the posts: {errorMessage(list.error)}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.rows.length === 0 ? (
        <Card className="p-10 text-center text-slate-600">No posts yet. Write the first one with "New post".</Card>
      ) : (
        <ul className="space-y-3" aria-label="Posts">
          {data?.rows.map((p) => (
            <li key={p.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="post-row">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    <Link to={`/admin/blog/${p.id}`} className="hover:underline">
                      {p.title}
                    </Link>
                    {statusBadge(p.status)}
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    /blog/{p.slug} · {p.author_name || 'No author'} ·{' '}
                    {p.published_at ? `published ${format(parseISO(p.published_at), 'MMM d, yyyy')}` : `edited ${format(parseISO(p.updated_at), 'MMM d, yyyy')}`}
                  </p>
                </div>
                <Button size="sm" variant="outline" asChild>
                  <Link to={`/admin/blog/${p.id}`} aria-label={`Edit ${p.title}`}>
                    Edit
                  </Link>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            Page {page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
