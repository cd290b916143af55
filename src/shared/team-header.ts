// Apart from team.ts's schemas, so that the web's API client does not load zod (issue 17).

/** Response header naming (URI-encoded) the agency a session was just removed from, until /api/me tells it. */
export const REMOVED_FROM_AGENCY_HEADER = 'x-removed-from-agency';
