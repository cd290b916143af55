// /admin/blog/new and /admin/blog/:id: a post's fields, Markdown with preview, cover image, state.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, ExternalLink, ImagePlus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { BLOG_TEXT, blogPostSchema, COVER_MAX_BYTES, COVER_TYPES, slugify, type BlogPostDetail } from '#shared/blog.ts';
import type { ContentStatus } from '#shared/content.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { MarkdownEditorTabs } from '#web/components/markdown-editor-tabs.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useAdminPost, useDeletePost, useSavePost, useSetCover } from './content-queries.ts';

type Values = { title: string; slug: string; summary: string; body: string; author_name: string; status: ContentStatus };
const EMPTY: Values = { title: '', slug: '', summary: '', body: '', author_name: '', status: 'draft' };

export function BlogEditorPage() {
  const { id } = useParams();
  const postId = id && id !== 'new' ? id : null;
  const post = useAdminPost(postId);
  if (postId && post.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading post" />
      </div>
    );
  if (postId && post.isError)
    return (
      <div role="alert" className="mx-auto max-w-3xl space-y-3 text-sm text-red-700">
        <p>Could not load the post: {errorMessage(post.error)}</p>
        <Button variant="outline" size="sm" asChild>
          <Link to="/admin/blog">Back to posts</Link>
        </Button>
      </div>
    );
  return <PostForm key={postId ?? 'new'} post={post.data ?? null} />;
}

function PostForm({ post }: { post: BlogPostDetail | null }) {
  const navigate = useNavigate();
  const save = useSavePost(post?.id ?? null);
  const [tab, setTab] = useState('write');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeletePost();
  const slugTouched = useRef(Boolean(post));
  const form = useForm<Values, unknown, z.output<typeof blogPostSchema>>({
    resolver: zodResolver(blogPostSchema) as never,
    defaultValues: post
      ? { title: post.title, slug: post.slug, summary: post.summary, body: post.body, author_name: post.author_name, status: post.status }
      : EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { register, formState, watch, setValue } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const body = watch('body');
  const preview = useMemo(() => (tab === 'preview' ? renderMarkdown(body ?? '') : ''), [tab, body]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (res) => {
        notify.success(post ? BLOG_TEXT.saved : BLOG_TEXT.created);
        if (!post) navigate(`/admin/blog/${res.post.id}`, { replace: true });
      },
      onError: (err) => {
        showServerErrors(err);
        notify.error(BLOG_TEXT.saveFailed, errorMessage(err));
      },
    }),
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/admin/blog" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> All posts
          </Link>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{post ? 'Edit post' : 'New post'}</h1>
        </div>
        {post?.status === 'published' ? (
          <Link to={`/blog/${post.slug}`} target="_blank" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
            View /blog/{post.slug} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </Link>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardContent className="pt-5">
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <FormField label="Title" required error={formState.errors.title?.message}>
                <Input
                  {...register('title', {
                    onChange: (e: ChangeEvent<HTMLInputElement>) => {
                      if (!slugTouched.current) setValue('slug', slugify(e.target.value));
                    },
                  })}
                />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Slug" required error={formState.errors.slug?.message} hint="The address: /blog/your-slug">
                  <Input {...register('slug', { onChange: () => (slugTouched.current = true) })} />
                </FormField>
                <FormField label="Author" error={formState.errors.author_name?.message} hint="Leave empty to use your name.">
                  <Input {...register('author_name')} />
                </FormField>
              </div>
              <FormField label="Summary" error={formState.errors.summary?.message} hint="Shown in the blog list and as the description for search engines.">
                <Textarea rows={2} maxLength={300} {...register('summary')} />
              </FormField>
              <MarkdownEditorTabs
                tab={tab}
                onTab={setTab}
                preview={preview}
                editor={
                  <FormField label="Body (Markdown)" required error={formState.errors.body?.message}>
                    <Textarea rows={18} className="font-mono text-[13px]" {...register('body')} />
                  </FormField>
                }
              />
              <div className="flex flex-wrap items-end gap-3">
                <FormField label="Status" required error={formState.errors.status?.message} className="w-48">
                  <Select {...register('status')}>
                    <option value="draft">Draft</option>
                    <option value="published">Published</option>
                  </Select>
                </FormField>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : post ? 'Save post' : 'Create post'}
                </Button>
                {post ? (
                  <Button variant="ghost" className="text-red-700" onClick={() => setConfirmDelete(true)}>
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Button>
                ) : null}
              </div>
            </form>
          </CardContent>
        </Card>
        {post ? <CoverCard post={post} /> : <Card className="self-start p-4 text-sm text-slate-600">Create the post first, then add a cover image.</Card>}
      </div>
      {post ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this post?"
          description={`"${post.title}" will be removed from the blog. This cannot be undone.`}
          confirmLabel="Delete post"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(post.id, {
              onSuccess: () => {
                notify.success(BLOG_TEXT.deleted);
                navigate('/admin/blog');
              },
              onError: (err) => notify.error('Failed to delete the post.', errorMessage(err)),
            })
          }
        />
      ) : null}
    </div>
  );
}

function CoverCard({ post }: { post: BlogPostDetail }) {
  const setCover = useSetCover(post.id);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setError(undefined), [post.cover_url]);
  function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) return setError(BLOG_TEXT.coverTooLarge);
    setCover.mutate(file, {
      onSuccess: () => notify.success(BLOG_TEXT.coverSaved),
      onError: (err) => {
        setError(errorMessage(err));
        notify.error(BLOG_TEXT.saveFailed, errorMessage(err));
      },
    });
  }
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="text-base">Cover image</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {post.cover_url ? (
          <img src={post.cover_url} alt="Cover" className="aspect-video w-full rounded-md border border-slate-200 object-cover" />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-500">No cover</div>
        )}
        <FormField label="Cover file" error={error} hint="PNG, JPEG, WebP or GIF, up to 2 MB.">
          <input ref={input} type="file" accept={COVER_TYPES.join(',')} onChange={pick} className="sr-only" />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={setCover.isPending} onClick={() => input.current?.click()}>
            <ImagePlus className="h-4 w-4" aria-hidden /> {post.cover_url ? 'Replace' : 'Upload'}
          </Button>
          {post.cover_url ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={setCover.isPending}
              onClick={() => setCover.mutate(null, { onSuccess: () => notify.success(BLOG_TEXT.coverRemoved), onError: (err) => notify.error(BLOG_TEXT.saveFailed, errorMessage(err)) })}
            >
              Remove
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
