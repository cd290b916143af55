// The brand on e-mails sent on an agency's behalf (invitations, digests): its name as the sender's
// display name, its logo (the public, absolute URL) and colour, and its support e-mail as reply-to.
import type { Deps } from '#server/context.ts';
import type { MailBrand } from '#server/mail.ts';
import { brandForAgency } from './service.ts';

export async function mailBrandForAgency(deps: Pick<Deps, 'db' | 'config'>, agencyId: string): Promise<MailBrand | null> {
  const brand = await brandForAgency(deps.db, agencyId);
  if (!brand) return null;
  return {
    name: brand.name,
    color: brand.color,
    logoUrl: brand.logo_url ? `${deps.config.appUrl}${brand.logo_url}` : null,
    replyTo: brand.support_email,
  };
}
