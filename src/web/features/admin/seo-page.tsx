// /admin/seo: title, meta description and Open Graph title and image for each public page and post.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SEO_TEXT, seoFieldsSchema, type SeoFields } from '#shared/seo.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useSaveSeo, useSeo } from './content-queries.ts';

interface Target {
  key: string;
  label: string;
  address: string;
  defaults: { title: string; description: string };
  fields: SeoFields;
  save: { kind: 'page'; path: string } | { kind: 'post'; id: string };
}

export function AdminSeoPage() {
  const seo = useSeo();
  const [editing, setEditing] = useState<Target | null>(null);
  const pages: Target[] =
    seo.data?.pages.map((p) => ({
      key: p.path,
      label: p.label,
      address: p.path,
      defaults: { title: p.default_title, description: p.default_description },
      fields: p,
      save: { kind: 'page', path: p.path },
    })) ?? [];
  const posts: Target[] =
    seo.data?.posts.map((p) => ({
      key: p.id,
      label: p.post_title,
      address: `/blog/${p.slug}${p.status === 'published' ? '' : ' (draft)'}`,
      defaults: { title: `${p.post_title} — PolicyDesk Blog`, description: 'The post summary' },
      fields: p,
      save: { kind: 'post', id: p.id },
    })) ?? [];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">SEO Tools</h1>
        <p className="mt-1 text-slate-600">
          What search engines and link previews show. The sitemap is at{' '}
          <a className="text-brand-700 hover:underline" href="/sitemap.xml">
            /sitemap.xml
          </a>{' '}
          and robots rules at{' '}
          <a className="text-brand-700 hover:underline" href="/robots.txt">
            /robots.txt
          </a>
          .
        </p>
      </div>
      {seo.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading SEO settings" />
        </div>
      ) : seo.isError ? (
        <div role="alert" className="space-y-3 text-sm text-red-700">
          <p>Could not load the SEO settings: {errorMessage(seo.error)}</p>
          <Button variant="outline" size="sm" onClick={() => seo.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <TargetList title="Public pages" description="Leave a field empty to use the default shown in italics." targets={pages} onEdit={setEditing} />
          <TargetList title="Blog posts" description="Empty fields use the post's title, summary and cover." targets={posts} onEdit={setEditing} empty="No posts yet." />
        </>
      )}
      <Dialog open={editing !== null} onOpenChange={(o) => (o ? null : setEditing(null))}>
        {editing ? (
          <DialogContent title={`SEO: ${editing.label}`} description={editing.address} className="max-w-xl">
            <SeoForm target={editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function TargetList({ title, description, targets, onEdit, empty }: { title: string; description: string; targets: Target[]; onEdit: (t: Target) => void; empty?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {targets.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={title}>
            {targets.map((t) => (
              <li key={t.key} className="flex items-center justify-between gap-3 py-3" data-testid="seo-row">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {t.label} <span className="font-normal text-slate-500">{t.address}</span>
                  </p>
                  <p className={`truncate ${t.fields.title ? 'text-slate-700' : 'text-slate-500 italic'}`}>{t.fields.title || t.defaults.title}</p>
                </div>
                <Button size="sm" variant="outline" onClick={() => onEdit(t)} aria-label={`Edit SEO for ${t.label}`}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SeoForm({ target, onDone }: { target: Target; onDone: () => void }) {
  const save = useSaveSeo();
  const form = useForm<SeoFields, unknown, z.output<typeof seoFieldsSchema>>({
    resolver: zodResolver(seoFieldsSchema) as never,
    defaultValues: { title: target.fields.title, description: target.fields.description, og_title: target.fields.og_title, og_image: target.fields.og_image },
    reValidateMode: 'onSubmit',
  });
  const { register, formState } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const onSubmit = form.handleSubmit((fields) =>
    save.mutate(
      target.save.kind === 'page' ? { kind: 'page', path: target.save.path, fields } : { kind: 'post', id: target.save.id, fields },
      {
        onSuccess: () => {
          notify.success(SEO_TEXT.saved);
          onDone();
        },
        onError: (err) => {
          showServerErrors(err);
          notify.error(SEO_TEXT.saveFailed, errorMessage(err));
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Title" error={formState.errors.title?.message} hint="Up to 70 characters.">
        <Input placeholder={target.defaults.title} {...register('title')} />
      </FormField>
      <FormField label="Meta description" error={formState.errors.description?.message} hint="Up to 200 characters.">
        <Textarea rows={3} placeholder={target.defaults.description} {...register('description')} />
      </FormField>
      <FormField label="Open Graph title" error={formState.errors.og_title?.message} hint="The title of link previews; the page title when empty.">
        <Input {...register('og_title')} />
      </FormField>
      <FormField label="Open Graph image" error={formState.errors.og_image?.message} hint="An https:// address or a path on this site, e.g. /og/home.png.">
        <Input {...register('og_image')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
