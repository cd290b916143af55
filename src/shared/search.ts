// The command palette's search (GET /api/search?q=): one schema for the web and the server.
import { z } from 'zod';
import type { PolicyStatus, PolicyType } from './policies.ts';
import { safeText } from './validation.ts';

/** How many rows of each kind the palette shows. */
export const SEARCH_LIMIT = 5;
export const SEARCH_MIN_LENGTH = 2;

export const SEARCH_TEXT = {
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`,
  tooLong: 'Search is limited to 100 characters.',
  placeholder: 'Search customers, policies and pages…',
  empty: 'No results found.',
  failed: 'Search failed. Please try again.',
} as const;

export const searchQuerySchema = z.object({
  q: safeText().min(SEARCH_MIN_LENGTH, SEARCH_TEXT.tooShort).max(100, SEARCH_TEXT.tooLong),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export interface CustomerHit {
  id: string;
  name: string;
  email: string;
}

export interface PolicyHit {
  id: string;
  policy_number: string;
  customer_name: string;
  policy_type: PolicyType;
  status: PolicyStatus;
}

export interface SearchResults {
  customers: CustomerHit[];
  policies: PolicyHit[];
}
