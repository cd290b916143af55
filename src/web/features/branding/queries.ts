// Query hooks for /dashboard/white-label, one per endpoint.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandingInput, BrandingSettings } from '#shared/branding.ts';
import { api, apiDelete, apiGet, apiPut } from '#web/lib/api.ts';

const brandingKey = ['branding'] as const;
type Answer = { branding: BrandingSettings };

export function useBranding() {
  return useQuery({ queryKey: brandingKey, queryFn: ({ signal }) => apiGet<Answer>('/api/branding', signal) });
}

/** After any change: the page's copy, and the brand the shell and print pages read (['brand', agencyId]). */
function useOnChanged() {
  const qc = useQueryClient();
  return (data: Answer) => {
    qc.setQueryData(brandingKey, data);
    void qc.invalidateQueries({ queryKey: ['brand'] });
  };
}

export function useSaveBranding() {
  const onChanged = useOnChanged();
  return useMutation({ mutationFn: (input: BrandingInput) => apiPut<Answer>('/api/branding', input), onSuccess: onChanged });
}

export function useUploadLogo() {
  const onChanged = useOnChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api<Answer>('/api/branding/logo', { method: 'PUT', body: form });
    },
    onSuccess: onChanged,
  });
}

export function useRemoveLogo() {
  const onChanged = useOnChanged();
  return useMutation({ mutationFn: () => apiDelete<Answer>('/api/branding/logo'), onSuccess: onChanged });
}

export function useResetBranding() {
  const onChanged = useOnChanged();
  return useMutation({ mutationFn: () => apiDelete<Answer>('/api/branding'), onSuccess: onChanged });
}
