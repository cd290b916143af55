// Query hooks for the public content endpoints: CMS pages, the blog, and each page's meta.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin.ts';
import type { BlogPostSummary, PublicBlogPost } from '#shared/blog.ts';
import type { CmsSlug, PublicCmsPage } from '#shared/content.ts';
import type { ResolvedMeta } from '#shared/seo.ts';
import { ApiError, apiGet } from '#web/lib/api.ts';

const noRetryOn4xx = (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2;

export function usePublicPage(slug: CmsSlug) {
  return useQuery({
    queryKey: ['public', 'page', slug],
    queryFn: ({ signal }) => apiGet<{ page: PublicCmsPage }>(`/api/pages/${slug}`, signal).then((r) => r.page),
    retry: noRetryOn4xx,
  });
}

export function usePublishedPosts(page: number) {
  return useQuery({
    queryKey: ['public', 'blog', page],
    queryFn: ({ signal }) => apiGet<Paged<BlogPostSummary>>(`/api/blog/posts?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublishedPost(slug: string) {
  return useQuery({
    queryKey: ['public', 'post', slug],
    queryFn: ({ signal }) => apiGet<{ post: PublicBlogPost }>(`/api/blog/posts/${encodeURIComponent(slug)}`, signal).then((r) => r.post),
    retry: noRetryOn4xx,
  });
}

export function usePageMeta(path: string) {
  return useQuery({
    queryKey: ['public', 'meta', path],
    queryFn: ({ signal }) => apiGet<{ meta: ResolvedMeta | null }>(`/api/seo/meta?path=${encodeURIComponent(path)}`, signal).then((r) => r.meta),
    staleTime: 60_000,
    retry: false,
  });
}
