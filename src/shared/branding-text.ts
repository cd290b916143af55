// White label's texts, default brand and colour rules, apart from the schemas (branding.ts) so that
// the signed-in shell, which only paints the brand, doesn't load the validation library (issue 33).
/** The product's own look, used whenever an agency has no brand or its plan no longer includes white label. */
export const DEFAULT_BRAND = {
  name: 'PolicyDesk',
  /** brand-700 of the theme (src/web/styles.css): the colour of primary buttons */
  color: '#1d4ed8',
} as const;

/** WCAG 2.x AA for normal text: white button labels on the primary colour need at least this ratio. */
export const MIN_CONTRAST = 4.5;

export const LOGO_MAX_BYTES = 1024 * 1024;
/** The stored logo is a PNG that fits in this box (SVG rasterised, PNG and JPEG re-encoded). */
export const LOGO_MAX_WIDTH = 600;
export const LOGO_MAX_HEIGHT = 200;

export const BRANDING_TEXT = {
  title: 'White Label',
  intro: 'Put your agency’s name, logo and colour in front of your team and your clients.',
  displayNameRequired: 'Please enter the name to show.',
  colorInvalid: 'Please enter a colour as a hex code, for example #1d4ed8.',
  /** the ratio is rounded down, so a colour shown as 4.5:1 always passes */
  colorContrast: (ratio: string) =>
    `This colour has a contrast of ${ratio}:1 against white text. WCAG AA needs at least 4.5:1, so white button labels and headings on it would be hard to read. Choose a darker colour.`,
  logoInvalid: 'The logo must be a PNG, JPEG or SVG image.',
  logoUnreadable: 'The logo could not be read as an image. Please choose another file.',
  logoTooLarge: 'The logo is larger than 1 MB. Please choose a smaller file.',
  logoRequired: 'Please choose a logo file.',
  editDenied: 'Only the agency owner or an admin can change the white label.',
  saved: 'Your brand has been saved.',
  logoSaved: 'Your logo has been saved.',
  logoRemoved: 'Your logo has been removed.',
  reset: 'The brand has been reset to the PolicyDesk default.',
  resetConfirmTitle: 'Reset to default?',
  resetConfirm: 'Your name, logo, colour and support contacts will be removed, and everyone in the agency will see the PolicyDesk default again.',
  notFound: 'Logo not found',
} as const;

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

function channel(hex: string, offset: number): number {
  const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG 2.x) of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const h = hex.toLowerCase();
  return 0.2126 * channel(h, 1) + 0.7152 * channel(h, 3) + 0.0722 * channel(h, 5);
}

/** The contrast ratio of white text on the colour (1 … 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Two decimals, rounded down: 4.497 is shown as 4.49, never as a passing 4.5. */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

export function normalizeHex(value: string): string {
  const v = value.trim().toLowerCase();
  const withHash = v.startsWith('#') ? v : `#${v}`;
  // #abc is the short form of #aabbcc
  return /^#[0-9a-f]{3}$/.test(withHash) ? `#${[...withHash.slice(1)].map((c) => c + c).join('')}` : withHash;
}

/** What /dashboard/white-label edits: the saved settings (null fields: never set). */
export interface BrandingSettings {
  display_name: string | null;
  primary_color: string | null;
  support_email: string | null;
  support_phone: string | null;
  logo_url: string | null;
  /** whether the agency's plan includes white label now (the brand is kept when it does not) */
  applies: boolean;
  can_edit: boolean;
}

/** The brand the shell, print pages, invitation page and e-mails use; null means the default. */
export interface EffectiveBrand {
  name: string;
  color: string;
  logo_url: string | null;
  support_email: string | null;
  support_phone: string | null;
}

/** The public logo address: stable per content (the hash), so it can be cached for a year. */
export function logoPath(agencyId: string, hash: string): string {
  return `/api/brand/${agencyId}/${hash}.png`;
}

/**
 * The CSS custom properties of the theme's brand scale (src/web/styles.css) for a primary colour:
 * 700 is the colour itself (buttons), the rest are mixed from it so hover, focus and the active
 * navigation item follow.
 */
export function brandCssVariables(color: string): Record<string, string> {
  return {
    '--color-brand-50': `color-mix(in srgb, ${color} 8%, white)`,
    '--color-brand-100': `color-mix(in srgb, ${color} 16%, white)`,
    '--color-brand-500': `color-mix(in srgb, ${color} 70%, white)`,
    '--color-brand-600': `color-mix(in srgb, ${color} 85%, white)`,
    '--color-brand-700': color,
    '--color-brand-800': `color-mix(in srgb, ${color} 80%, black)`,
  };
}
