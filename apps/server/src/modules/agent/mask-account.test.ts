import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask-account.ts';

describe('maskAccount', () => {
  it('keeps the first 2 and last 4 digits of a mobile', () => {
    expect(maskAccount({ mobile: '9876543210', email: null })).toBe('98••••3210');
  });

  it('prefers the mobile when a player has both', () => {
    expect(maskAccount({ mobile: '9123456789', email: 'player@gmail.com' })).toBe('91••••6789');
  });

  it('keeps the first 2 characters of an e-mail local part and its domain', () => {
    expect(maskAccount({ mobile: null, email: 'player@gmail.com' })).toBe('pl••••@gmail.com');
  });

  it('never shows a short e-mail local part whole', () => {
    expect(maskAccount({ mobile: null, email: 'ab@x.in' })).toBe('a••••@x.in');
    expect(maskAccount({ mobile: null, email: 'a@x.in' })).toBe('••••@x.in');
  });

  it('never shows a short mobile whole', () => {
    expect(maskAccount({ mobile: '12345', email: null })).toBe('••••45');
  });

  it('hides the middle whatever its length, so the mask does not give the length away', () => {
    expect(maskAccount({ mobile: null, email: 'averyveryverylongname@mail.example' })).toBe('av••••@mail.example');
    expect(maskAccount({ mobile: '919876543210', email: null })).toBe('91••••3210');
  });

  it('shows nothing of a player without a login', () => {
    expect(maskAccount({ mobile: null, email: null })).toBe('••••');
    expect(maskAccount({ mobile: null, email: 'no-at-sign' })).toBe('••••');
  });
});
