// The brand in effect for the signed-in agency (white label, issue 15): the shell, the print pages and
// the page itself read it; null while the agency has none or its plan does not include white label.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { brandCssVariables, type EffectiveBrand } from '#shared/branding-text.ts';
import { apiGet } from './api.ts';
import { useSession } from './session.ts';

export const brandKey = (agencyId: string | undefined) => ['brand', agencyId ?? 'none'] as const;

export function useBrand(): EffectiveBrand | null {
  const { data: session } = useSession();
  const agencyId = session?.agency?.id;
  const query = useQuery({
    queryKey: brandKey(agencyId),
    queryFn: ({ signal }) => apiGet<{ brand: EffectiveBrand | null }>('/api/branding/current', signal),
    enabled: Boolean(agencyId),
    staleTime: 5 * 60_000,
  });
  return query.data?.brand ?? null;
}

/**
 * Sets the theme's brand colour scale on the document while the component is mounted, so buttons,
 * links, focus rings and the active navigation item (and dialogs rendered in portals) follow it.
 */
export function useBrandColors(color: string | null | undefined) {
  useEffect(() => {
    if (!color) return;
    const root = document.documentElement.style;
    const vars = brandCssVariables(color);
    for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.removeProperty(name);
    };
  }, [color]);
}
