// Blog posts: one schema for the editor and the server, the public list's page size, cover rules.
import { z } from 'zod';
import { safeText } from './validation.ts';
import { CONTENT_STATUSES, MARKDOWN_MAX_CHARS, type ContentStatus } from './content.ts';

export const BLOG_PAGE_SIZE = 9;
export const ADMIN_BLOG_PAGE_SIZE = 25;

/** Covers are shown publicly: images only, decided by their bytes. */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type CoverType = (typeof COVER_TYPES)[number];
export const COVER_MAX_BYTES = 2 * 1024 * 1024;

export const BLOG_TEXT = {
  titleRequired: 'Please enter a title.',
  titleTooLong: 'The title must be at most 150 characters.',
  slugRequired: 'Please enter a slug.',
  slugInvalid: 'Use lowercase letters, digits and single hyphens (for example "renewal-season-tips").',
  slugTooLong: 'The slug must be at most 100 characters.',
  slugTaken: 'Another post already uses this slug. Please choose a different one.',
  summaryTooLong: 'The summary must be at most 300 characters.',
  bodyRequired: 'Please write the post.',
  bodyTooLong: `The post must be at most ${MARKDOWN_MAX_CHARS.toLocaleString('en-US')} characters.`,
  authorTooLong: 'The author name must be at most 100 characters.',
  invalidStatus: 'Please choose draft or published.',
  notFound: 'Post not found',
  created: 'Post created.',
  saved: 'Post saved.',
  deleted: 'Post deleted.',
  saveFailed: 'Failed to save the post.',
  coverInvalid: 'The cover must be a PNG, JPEG, WebP or GIF image.',
  coverTooLarge: 'The cover image must be at most 2 MB.',
  coverRequired: 'Please choose a cover image.',
  coverSaved: 'Cover image saved.',
  coverRemoved: 'Cover image removed.',
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogSlugSchema = safeText({ error: BLOG_TEXT.slugRequired })
  .min(1, BLOG_TEXT.slugRequired)
  .max(100, BLOG_TEXT.slugTooLong)
  .regex(SLUG_PATTERN, BLOG_TEXT.slugInvalid);

export const blogPostSchema = z.object({
  title: safeText({ error: BLOG_TEXT.titleRequired }).min(1, BLOG_TEXT.titleRequired).max(150, BLOG_TEXT.titleTooLong),
  slug: blogSlugSchema,
  summary: safeText({ multiline: true }).max(300, BLOG_TEXT.summaryTooLong).default(''),
  body: safeText({ error: BLOG_TEXT.bodyRequired, multiline: true }).min(1, BLOG_TEXT.bodyRequired).max(MARKDOWN_MAX_CHARS, BLOG_TEXT.bodyTooLong),
  author_name: safeText().max(100, BLOG_TEXT.authorTooLong).default(''),
  status: z.enum(CONTENT_STATUSES, { error: BLOG_TEXT.invalidStatus }),
});
export type BlogPostInput = z.input<typeof blogPostSchema>;

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** A title as a slug suggestion: "Renewal Season: 5 Tips" → "renewal-season-5-tips". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  author_name: string;
  status: ContentStatus;
  cover_url: string | null;
  published_at: string | null;
  updated_at: string;
}

export interface BlogPostDetail extends BlogPostSummary {
  body: string;
}

export interface PublicBlogPost extends BlogPostSummary {
  html: string;
}

export function coverUrl(id: string, version: string | null): string | null {
  return version ? `/api/blog/covers/${id}?v=${encodeURIComponent(version)}` : null;
}
