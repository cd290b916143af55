// Query hooks for the team, invitation and agency endpoints (one hook per endpoint).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationView, InviteRole, TeamOverview } from '#shared/team.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '#web/lib/api.ts';

export const teamKey = ['team'] as const;
export const invitationKey = (token: string) => ['invitation', token] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: ({ signal }) => apiGet<TeamOverview>('/api/team', signal) });
}

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: InviteRole }) => apiPost<{ invitation: { email: string } }>('/api/team/invitations', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ invitation: { email: string } }>(`/api/team/invitations/${id}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useCancelInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/team/invitations/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useChangeMemberRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InviteRole }) => apiPatch(`/api/team/members/${userId}`, { role }),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiDelete(`/api/team/members/${userId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) => apiGet<{ invitation: InvitationView }>(`/api/invitations/${encodeURIComponent(token)}`, signal),
    retry: false,
  });
}

/** After accepting or switching, everything cached belonged to the previous agency. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ agency: { id: string; name: string; role: string } }>(`/api/invitations/${encodeURIComponent(token)}/accept`),
    // The spent invitation itself is not read again: the page shows its accepted state.
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'invitation' }),
  });
}
