// The avatar button's accessible name begins with the name it shows (WCAG 2.5.3), so a voice user
// who says what they see reaches it; without a name it is the bare "Account menu".
import { describe, expect, it } from 'vitest';
import { avatarLabel, initialsOf } from './avatar-face.tsx';

describe('avatar button', () => {
  it('names the button with the visible name first', () => {
    expect(avatarLabel('Jane', 'Doe')).toBe('Jane Doe, Account menu');
    expect(avatarLabel(' Jane ', '')).toBe('Jane, Account menu');
    expect(avatarLabel('', '')).toBe('Account menu');
  });
  it('draws initials from the names, else the e-mail', () => {
    expect(initialsOf('jane', 'doe', 'j@example.com')).toBe('JD');
    expect(initialsOf('', '', 'sam@example.com')).toBe('S');
  });
});
