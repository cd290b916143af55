// The signed-in pages a day starts on, whose frame the build renders as HTML (issue 33, decision 075):
// their headings as the pages draw them, so nothing moves when the page replaces its frame. Read at
// build time only (prerender.tsx); the e2e journey checks the frame's heading against the page's.
import { ACTIVITY_TEXT } from '#shared/activity-text.ts';
import { RENEWAL_TEXT } from '#shared/renewals-text.ts';

export const PAGE_FRAMES = {
  '/dashboard': { kind: 'dashboard', cards: [ACTIVITY_TEXT.recent, 'Usage Statistics'] },
  '/dashboard/policies': { kind: 'list', title: 'Policy Management', description: '' },
  '/dashboard/customers': { kind: 'list', title: 'Customer Management', description: '' },
  '/dashboard/renewals': { kind: 'renewals', title: RENEWAL_TEXT.title, description: RENEWAL_TEXT.subtitle },
} as const;

export type FramedPath = keyof typeof PAGE_FRAMES;
