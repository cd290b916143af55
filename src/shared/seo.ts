// SEO: the public pages with their default title and description, and the schema of an override.
import { z } from 'zod';
import { safeText } from './validation.ts';
import { CMS_PAGES } from './content.ts';

export interface SeoPageDefault {
  path: string;
  label: string;
  title: string;
  description: string;
}

const SITE = 'PolicyDesk';

export const SEO_PAGES: readonly SeoPageDefault[] = [
  { path: '/', label: 'Home', title: `${SITE} — Insurance agency management made simple`, description: 'Manage customers, policies, renewals and premium payments in one place. Start free with PolicyDesk.' },
  { path: '/pricing', label: 'Pricing', title: `Pricing — ${SITE}`, description: 'Simple monthly plans for independent agents and growing agencies: Starter, Professional, Business and Enterprise.' },
  { path: '/features', label: 'Features', title: `Features — ${SITE}`, description: 'Policy management, a client portal and analytics built for insurance professionals.' },
  { path: '/features/policy-management', label: 'Policy Management', title: `Policy Management — ${SITE}`, description: 'Keep every policy, its details and its premium payments organised and searchable.' },
  { path: '/features/client-portal', label: 'Client Portal', title: `Client Portal — ${SITE}`, description: 'Give clients a clear view of their policies, documents and payments.' },
  { path: '/features/analytics', label: 'Analytics', title: `Analytics — ${SITE}`, description: 'See your book of business at a glance: premiums, renewals and growth.' },
  { path: '/contact', label: 'Contact', title: `Contact us — ${SITE}`, description: 'Questions about PolicyDesk? Talk to sales or support.' },
  ...CMS_PAGES.map((p) => ({ path: p.path, label: p.title, title: `${p.title} — ${SITE}`, description: `${p.title} of ${SITE}.` })),
  { path: '/blog', label: 'Blog', title: `Blog — ${SITE}`, description: 'Practical advice for insurance agencies: renewals, client service and running a modern agency.' },
];
export const SEO_PATHS = SEO_PAGES.map((p) => p.path);

export const SEO_TEXT = {
  titleTooLong: 'The title must be at most 70 characters.',
  descriptionTooLong: 'The description must be at most 200 characters.',
  ogTitleTooLong: 'The Open Graph title must be at most 100 characters.',
  ogImageInvalid: 'Use an https:// address or a path on this site (starting with /).',
  unknownPage: 'Unknown public page.',
  saved: 'SEO settings saved.',
  saveFailed: 'Failed to save the SEO settings.',
} as const;

const ogImage = safeText()
  .max(500, SEO_TEXT.ogImageInvalid)
  .refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/i.test(v) || /^\/(?!\/)[^\s"'<>]*$/.test(v), SEO_TEXT.ogImageInvalid)
  .default('');

export const seoFieldsSchema = z.object({
  title: safeText().max(70, SEO_TEXT.titleTooLong).default(''),
  description: safeText({ multiline: true }).max(200, SEO_TEXT.descriptionTooLong).default(''),
  og_title: safeText().max(100, SEO_TEXT.ogTitleTooLong).default(''),
  og_image: ogImage,
});
export type SeoFieldsInput = z.input<typeof seoFieldsSchema>;
export type SeoFields = z.output<typeof seoFieldsSchema>;

export const seoPageSchema = seoFieldsSchema.extend({
  path: z.enum(SEO_PATHS as [string, ...string[]], { error: SEO_TEXT.unknownPage }),
});

/** The meta a page ends up with: the override where set, else the default. */
export interface ResolvedMeta {
  title: string;
  description: string;
  og_title: string;
  og_image: string | null;
}

export interface SeoPageRow extends SeoFields {
  path: string;
  label: string;
  default_title: string;
  default_description: string;
}

export interface SeoPostRow extends SeoFields {
  id: string;
  slug: string;
  post_title: string;
  status: string;
}
