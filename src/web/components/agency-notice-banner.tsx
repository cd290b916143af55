// Tells a member who was removed from an agency why their book changed, on the request that found out.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UserX, X } from 'lucide-react';
import { TEAM_TEXT } from '#shared/team-text.ts';
import { dismissAgencyNotice, useAgencyNotice } from '../lib/agency-notice.ts';

export function AgencyNoticeBanner() {
  const agency = useAgencyNotice();
  const qc = useQueryClient();
  useEffect(() => {
    // Everything on screen was the lost agency's: reload it (and /api/me, which clears the notice).
    if (agency) void qc.invalidateQueries();
  }, [agency, qc]);
  if (!agency) return null;
  return (
    <div role="alert" className="flex items-start justify-between gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6">
      <span className="flex items-center gap-2">
        <UserX className="h-4 w-4 shrink-0" aria-hidden />
        {TEAM_TEXT.removedFromAgency(agency)}
      </span>
      <button
        type="button"
        onClick={dismissAgencyNotice}
        className="rounded p-1 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700"
        aria-label="Dismiss notice"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
