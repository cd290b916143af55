// Query hooks for the super admin's content endpoints: CMS pages, blog posts, SEO and settings.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '#shared/admin.ts';
import type { BlogPostDetail, BlogPostInput, BlogPostSummary } from '#shared/blog.ts';
import type { CmsPageDetail, CmsPageInput, CmsPageSummary, CmsRevision, CmsSlug, PaymentInstructions, PaymentInstructionsInput } from '#shared/content.ts';
import type { SeoFieldsInput, SeoPageRow, SeoPostRow } from '#shared/seo.ts';
import { api, apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';

export const paymentInstructionsKey = ['payment-instructions'] as const;
const cmsKey = ['admin', 'cms'] as const;
const blogKey = ['admin', 'blog'] as const;
const seoKey = ['admin', 'seo'] as const;

export type StoredPaymentInstructions = PaymentInstructions & { updated_at: string | null };

export function usePaymentInstructions() {
  return useQuery({
    queryKey: paymentInstructionsKey,
    queryFn: ({ signal }) => apiGet<{ instructions: StoredPaymentInstructions }>('/api/payment-instructions', signal).then((r) => r.instructions),
  });
}

export function useSavePaymentInstructions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentInstructionsInput) => apiPut<{ instructions: StoredPaymentInstructions }>('/api/admin/settings/payment-instructions', body),
    onSuccess: (data) => qc.setQueryData(paymentInstructionsKey, data.instructions),
  });
}

export function useCmsPages() {
  return useQuery({
    queryKey: cmsKey,
    queryFn: ({ signal }) => apiGet<{ pages: CmsPageSummary[] }>('/api/admin/cms/pages', signal).then((r) => r.pages),
  });
}

export function useCmsPage(slug: CmsSlug) {
  return useQuery({
    queryKey: [...cmsKey, slug],
    queryFn: ({ signal }) => apiGet<{ page: CmsPageDetail }>(`/api/admin/cms/pages/${slug}`, signal).then((r) => r.page),
  });
}

export function fetchCmsRevision(slug: CmsSlug, id: string) {
  return apiGet<{ revision: CmsRevision }>(`/api/admin/cms/pages/${slug}/revisions/${id}`).then((r) => r.revision);
}

export function useSaveCmsPage(slug: CmsSlug) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CmsPageInput) => apiPut<{ page: CmsPageDetail }>(`/api/admin/cms/pages/${slug}`, body),
    onSuccess: (data) => {
      qc.setQueryData([...cmsKey, slug], data.page);
      return qc.invalidateQueries({ queryKey: cmsKey, exact: true });
    },
  });
}

export function useAdminPosts(page: number) {
  return useQuery({
    queryKey: [...blogKey, 'list', page],
    queryFn: ({ signal }) => apiGet<Paged<BlogPostSummary>>(`/api/admin/blog/posts?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPost(id: string | null) {
  return useQuery({
    queryKey: [...blogKey, 'post', id],
    queryFn: ({ signal }) => apiGet<{ post: BlogPostDetail }>(`/api/admin/blog/posts/${id}`, signal).then((r) => r.post),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSavePost(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogPostInput) =>
      id ? apiPut<{ post: BlogPostDetail }>(`/api/admin/blog/posts/${id}`, body) : apiPost<{ post: BlogPostDetail }>('/api/admin/blog/posts', body),
    onSuccess: (data) => {
      qc.setQueryData([...blogKey, 'post', data.post.id], data.post);
      return Promise.all([qc.invalidateQueries({ queryKey: [...blogKey, 'list'] }), qc.invalidateQueries({ queryKey: seoKey })]);
    },
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/admin/blog/posts/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: blogKey }),
  });
}

export function useSetCover(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiDelete<{ post: BlogPostDetail }>(`/api/admin/blog-covers/${id}`);
      const form = new FormData();
      form.append('cover', file);
      return api<{ post: BlogPostDetail }>(`/api/admin/blog-covers/${id}`, { method: 'PUT', body: form });
    },
    onSuccess: (data) => {
      qc.setQueryData([...blogKey, 'post', id], data.post);
      return qc.invalidateQueries({ queryKey: [...blogKey, 'list'] });
    },
  });
}

export interface SeoOverview {
  pages: SeoPageRow[];
  posts: SeoPostRow[];
}

export function useSeo() {
  return useQuery({ queryKey: seoKey, queryFn: ({ signal }) => apiGet<SeoOverview>('/api/admin/seo', signal) });
}

export function useSaveSeo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: { kind: 'page'; path: string; fields: SeoFieldsInput } | { kind: 'post'; id: string; fields: SeoFieldsInput }) =>
      target.kind === 'page'
        ? apiPut<SeoOverview>('/api/admin/seo/pages', { path: target.path, ...target.fields })
        : apiPut<SeoOverview>(`/api/admin/seo/posts/${target.id}`, target.fields),
    onSuccess: (data) => qc.setQueryData(seoKey, data),
  });
}
