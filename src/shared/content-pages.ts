// The CMS pages' slugs and paths, apart from content.ts's schemas so that the public router and
// footer do not load zod (issue 17: public first-load JS).
export const CMS_PAGES = [
  { slug: 'about', path: '/about', title: 'About Us' },
  { slug: 'privacy', path: '/privacy', title: 'Privacy Policy' },
  { slug: 'terms', path: '/terms', title: 'Terms of Service' },
  { slug: 'cookies', path: '/cookies', title: 'Cookie Policy' },
  { slug: 'gdpr', path: '/gdpr', title: 'GDPR Compliance' },
] as const;
export type CmsSlug = (typeof CMS_PAGES)[number]['slug'];
export const CMS_SLUGS = CMS_PAGES.map((p) => p.slug) as [CmsSlug, ...CmsSlug[]];
