// The signed-in user's profile, permissions and agency (GET /api/me); null when signed out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '#shared/auth.ts';
import type { AccessDenial, AccessSubject } from '#shared/access.ts';
import { featureDenial, type Feature } from '#shared/features.ts';
import { ApiError, apiGet, apiPost } from './api.ts';
import { reportRemovedFromAgency } from './agency-notice.ts';
import { hasSessionHint } from './session-hint.ts';

export interface AgencySummary {
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'team_member';
  tier: string;
  ownerId: string;
}

export type Session = Me & { agency: AgencySummary; agencies: { id: string; name: string; role: string }[] };

import { meKey } from './query.tsx';

export { meKey };

/** GET /api/me's query: useSession, and the signed-in routes' preload (page-data.ts) ahead of the first render. */
export const sessionQuery = {
  queryKey: meKey,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Session | null> => {
    // signed out: nothing to ask, and no 401 in the console of every public page (issue 30)
    if (!hasSessionHint()) return null;
    try {
      const me = await apiGet<Session>('/api/me', signal);
      if (me.removed_from_agency) reportRemovedFromAgency(me.removed_from_agency);
      return me;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
  retry: (count: number, err: Error) => !(err instanceof ApiError && err.status < 500) && count < 2,
};

export function useSession() {
  return useQuery(sessionQuery);
}

/** The subject of the shared access rules: platform role, the agency's plan, permissions. */
export function accessSubjectOf(session: Session | null | undefined): AccessSubject | null {
  if (!session) return null;
  return {
    role: session.profile.role,
    tier: session.agency?.tier ?? session.profile.effective_tier,
    permissions: session.permissions,
    agencyRole: session.agency?.role ?? 'owner',
  };
}

/** Whether the signed-in user may use a feature of the feature map; `denial` says why not. */
export function useFeature(feature: Feature): { allowed: boolean; denial: AccessDenial | null; isPending: boolean } {
  const { data: session, isPending } = useSession();
  const denial = featureDenial(accessSubjectOf(session), feature);
  return { allowed: denial === null, denial, isPending };
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/account/sign-out'),
    onSettled: () => {
      // profile, permissions, counts and limits are cleared with the session
      qc.clear();
      qc.setQueryData(meKey, null);
    },
  });
}

/** Work in another agency the user belongs to: everything cached belonged to the old one. */
export function useSwitchAgency() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (agencyId: string) => apiPost<{ agency: { id: string; name: string; role: string } }>('/api/agencies/active', { agencyId }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
