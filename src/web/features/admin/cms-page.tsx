// /admin/cms: the five legal and company pages in Markdown, with a preview, draft or published
// state and the revision history (each save is kept; an old one can be viewed and restored).
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { format, parseISO } from 'date-fns';
import { ExternalLink, History } from 'lucide-react';
import type { z } from 'zod';
import { CMS_PAGES, CONTENT_TEXT, cmsPageSchema, type CmsRevision, type CmsSlug, type ContentStatus } from '#shared/content.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { MarkdownView } from '#web/components/markdown-view.tsx';
import { MarkdownEditorTabs } from '#web/components/markdown-editor-tabs.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/toast.ts';
import { fetchCmsRevision, useCmsPage, useSaveCmsPage } from './content-queries.ts';

type Values = { title: string; body: string; status: ContentStatus };

export const statusBadge = (status: ContentStatus) =>
  status === 'published' ? <Badge tone="green">Published</Badge> : <Badge tone="yellow">Draft</Badge>;

export function AdminCmsPage() {
  const [params, setParams] = useSearchParams();
  const slug = (CMS_PAGES.find((p) => p.slug === params.get('page'))?.slug ?? 'about') as CmsSlug;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">CMS Pages</h1>
        <p className="mt-1 text-slate-600">The company and legal pages linked from the site footer, written in Markdown.</p>
      </div>
      <nav aria-label="CMS pages" className="flex flex-wrap gap-2">
        {CMS_PAGES.map((p) => (
          <button
            key={p.slug}
            type="button"
            aria-current={p.slug === slug ? 'page' : undefined}
            onClick={() => setParams({ page: p.slug })}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium',
              p.slug === slug ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {p.title}
          </button>
        ))}
      </nav>
      <PageEditor key={slug} slug={slug} />
    </div>
  );
}

function PageEditor({ slug }: { slug: CmsSlug }) {
  const page = useCmsPage(slug);
  const save = useSaveCmsPage(slug);
  const [tab, setTab] = useState('write');
  const [viewing, setViewing] = useState<CmsRevision | null>(null);
  const form = useForm<Values, unknown, z.output<typeof cmsPageSchema>>({
    resolver: zodResolver(cmsPageSchema) as never,
    defaultValues: { title: '', body: '', status: 'draft' },
    reValidateMode: 'onSubmit',
  });
  const { register, formState, reset, watch } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const loaded = page.data;
  useEffect(() => {
    if (loaded) reset({ title: loaded.title, body: loaded.body, status: loaded.status });
  }, [loaded, reset]);
  const body = watch('body');
  const preview = useMemo(() => (tab === 'preview' ? renderMarkdown(body ?? '') : ''), [tab, body]);

  if (page.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading page" />
      </div>
    );
  if (page.isError)
    return (
      <div role="alert" className="space-y-3 text-sm text-red-700">
        <p>Could not load the page: {errorMessage(page.error)}</p>
        <Button variant="outline" size="sm" onClick={() => page.refetch()}>
          Try again
        </Button>
      </div>
    );
  const data = page.data;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (res) => notify.success(res.page.status === 'published' ? CONTENT_TEXT.published : CONTENT_TEXT.saved),
      onError: (err) => {
        showServerErrors(err);
        notify.error(CONTENT_TEXT.saveFailed, errorMessage(err));
      },
    }),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>{data.title}</CardTitle>
            {statusBadge(data.status)}
            {data.is_default ? <Badge tone="orange">Default text — adapt it to your business</Badge> : null}
          </div>
          <Link to={data.path} target="_blank" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
            View {data.path} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </Link>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
              <FormField label="Title" required error={formState.errors.title?.message}>
                <Input {...register('title')} />
              </FormField>
              <FormField label="Status" required error={formState.errors.status?.message}>
                <Select {...register('status')}>
                  <option value="draft">Draft</option>
                  <option value="published">Published</option>
                </Select>
              </FormField>
            </div>
            <MarkdownEditorTabs
              tab={tab}
              onTab={setTab}
              preview={preview}
              editor={
                <FormField label="Content (Markdown)" required error={formState.errors.body?.message} hint="Headings with ##, lists with -, links as [text](/path). HTML is shown as text.">
                  <Textarea rows={20} className="font-mono text-[13px]" {...register('body')} />
                </FormField>
              }
            />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save page'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <RevisionList
        slug={slug}
        revisions={data.revisions}
        viewing={viewing}
        onView={setViewing}
        onRestore={(r) => {
          reset({ title: r.title, body: r.body ?? '', status: form.getValues('status') }, { keepDefaultValues: true });
          setViewing(null);
          setTab('write');
          notify.info(CONTENT_TEXT.restored);
        }}
      />
    </div>
  );
}

function RevisionList({
  slug,
  revisions,
  viewing,
  onView,
  onRestore,
}: {
  slug: CmsSlug;
  revisions: CmsRevision[];
  viewing: CmsRevision | null;
  onView: (r: CmsRevision | null) => void;
  onRestore: (r: CmsRevision) => void;
}) {
  const [loadingId, setLoadingId] = useState<string | null>(null);
  async function open(r: CmsRevision) {
    setLoadingId(r.id);
    try {
      onView(await fetchCmsRevision(slug, r.id));
    } catch (err) {
      notify.error('Could not load the revision', errorMessage(err));
    } finally {
      setLoadingId(null);
    }
  }
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <History className="h-4 w-4" aria-hidden /> Revision history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {revisions.length === 0 ? (
          <p className="text-sm text-slate-600">No saves yet. Every save is kept here.</p>
        ) : (
          <ol className="space-y-2" aria-label="Revisions">
            {revisions.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 p-2 text-sm">
                <span className="min-w-0">
                  <span className="block text-slate-900">{format(parseISO(r.created_at), 'MMM d, yyyy HH:mm:ss')}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {r.status === 'published' ? 'Published' : 'Draft'}
                    {r.author ? ` · ${r.author}` : ''}
                  </span>
                </span>
                <Button size="sm" variant="outline" disabled={loadingId === r.id} onClick={() => open(r)} aria-label={`View revision of ${format(parseISO(r.created_at), 'MMM d, yyyy HH:mm:ss')}`}>
                  View
                </Button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <Dialog open={viewing !== null} onOpenChange={(o) => (o ? null : onView(null))}>
        {viewing ? (
          <DialogContent title={viewing.title} description={`Saved ${format(parseISO(viewing.created_at), 'MMM d, yyyy HH:mm:ss')} as ${viewing.status}`} className="max-w-2xl">
            <div className="max-h-[55vh] overflow-y-auto rounded-md border border-slate-200 p-4">
              <MarkdownView html={renderMarkdown(viewing.body ?? '')} />
            </div>
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="outline" onClick={() => onView(null)}>
                Close
              </Button>
              <Button onClick={() => onRestore(viewing)}>Restore this version</Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
