// White label (issue 15): the agency's display name, logo, primary colour and support contacts.
// One schema for the form and the server; the contrast rule (WCAG AA against white text) lives here.
import { z } from 'zod';
import { BRANDING_TEXT, contrastWithWhite, formatRatio, HEX_COLOR, MIN_CONTRAST, normalizeHex } from './branding-text.ts';
import { EMAIL_PATTERN, INVALID_EMAIL, optionalText, requiredText, safeText } from './validation.ts';

export * from './branding-text.ts';

export const brandColorSchema = safeText({ error: BRANDING_TEXT.colorInvalid })
  .transform(normalizeHex)
  .superRefine((v, ctx) => {
    if (!HEX_COLOR.test(v)) ctx.addIssue({ code: 'custom', message: BRANDING_TEXT.colorInvalid });
    else {
      const ratio = contrastWithWhite(v);
      if (ratio < MIN_CONTRAST) ctx.addIssue({ code: 'custom', message: BRANDING_TEXT.colorContrast(formatRatio(ratio)) });
    }
  });

export const brandingSchema = z.object({
  display_name: requiredText(BRANDING_TEXT.displayNameRequired, 100),
  primary_color: brandColorSchema,
  support_email: safeText()
    .max(254, INVALID_EMAIL)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), INVALID_EMAIL)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  support_phone: optionalText(50),
});
export type BrandingInput = z.input<typeof brandingSchema>;
export type BrandingValues = z.output<typeof brandingSchema>;
