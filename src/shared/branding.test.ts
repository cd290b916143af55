// The contrast rule (WCAG 2.x AA, white text on the primary colour) and the colour's normal form.
import { describe, expect, it } from 'vitest';
import { BRANDING_TEXT, brandColorSchema, contrastWithWhite, DEFAULT_BRAND, formatRatio, normalizeHex } from './branding.ts';

describe('brand colour', () => {
  it('computes the WCAG contrast of white text: black 21:1, white 1:1, the default blue passes', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite(DEFAULT_BRAND.color)).toBeGreaterThan(4.5);
  });

  it('draws the line at 4.5:1: #767676 passes (4.54), #777777 fails (4.47), shown rounded down', () => {
    expect(formatRatio(contrastWithWhite('#767676'))).toBe('4.54');
    expect(brandColorSchema.safeParse('#767676').success).toBe(true);
    const failed = brandColorSchema.safeParse('#777777');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toBe(BRANDING_TEXT.colorContrast('4.47'));
    expect(formatRatio(4.499)).toBe('4.49');
  });

  it('normalises case, a missing # and the short form', () => {
    expect(normalizeHex(' 0F766E ')).toBe('#0f766e');
    expect(normalizeHex('#036')).toBe('#003366');
    expect(brandColorSchema.safeParse('#12345g').error?.issues[0].message).toBe(BRANDING_TEXT.colorInvalid);
  });
});
