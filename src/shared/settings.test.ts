import { describe, expect, it } from 'vitest';
import { agencySettingsSchema, describeUserAgent, isValidTimeZone, USER_SETTINGS_TEXT } from './settings.ts';

describe('time zones', () => {
  it('takes IANA names and UTC, refuses offsets, unknown zones and junk', () => {
    for (const z of ['UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5']) expect(isValidTimeZone(z), z).toBe(true);
    for (const z of ['', '+05:00', 'Mars/Olympus_Mons', 'Europe/London; DROP', '../etc/passwd']) expect(isValidTimeZone(z), z).toBe(false);
  });

  it('the agency schema defaults the zone to UTC and says what is wrong', () => {
    expect(agencySettingsSchema.parse({ name: 'A' })).toMatchObject({ timezone: 'UTC', address: null, email: null });
    const r = agencySettingsSchema.safeParse({ name: 'A', timezone: 'Nowhere/Land' });
    expect(r.success ? null : r.error.issues[0].message).toBe(USER_SETTINGS_TEXT.invalidTimezone);
  });
});

describe('describeUserAgent', () => {
  it('names common devices and browsers', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toEqual({ device: 'Windows', browser: 'Edge' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toEqual({ device: 'Mac', browser: 'Safari' });
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toEqual({ device: 'Android phone', browser: 'Chrome' });
    expect(describeUserAgent('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ device: 'Linux', browser: 'Firefox' });
    expect(describeUserAgent(null)).toEqual({ device: 'Unknown device', browser: 'Unknown browser' });
  });
});
