// A term's renewal states and their labels, for the badges every list of policies shows: the rest of
// renewals' texts (renewals-text.ts) is the cockpit's, and a list page need not load it (issue 33).
export const RENEWAL_STATES = ['not_started', 'contacted', 'quoted', 'renewed', 'lost'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE_LABEL: Record<RenewalState, string> = {
  not_started: 'Not started',
  contacted: 'Contacted',
  quoted: 'Quoted',
  renewed: 'Renewed',
  lost: 'Lost',
};

/** The badge of a renewal whose new premium rose past the agency's threshold. */
export const REMARKET_LABEL = 'Remarket';
