import { describe, expect, it } from 'vitest';
import { zCheckbox, zEmail, zMobile, zPageField } from './fields.ts';

describe('request fields', () => {
  it('normalises Indian mobile numbers and refuses others with MOBILE_INVALID', () => {
    for (const input of ['9876543210', '+91 98765 43210', '+919876543210', '919876543210', '09876543210', '98765-43210']) {
      expect(zMobile.parse(input)).toBe('9876543210');
    }
    for (const input of ['5876543210', '987654321', '98765432101', '+1 415 555 0100', 'abcdefghij']) {
      const result = zMobile.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('MOBILE_INVALID');
    }
    expect(zMobile.safeParse('').error?.issues[0]?.message).toBe('MOBILE_REQUIRED');
    expect(zMobile.safeParse(undefined).error?.issues[0]?.message).toBe('MOBILE_REQUIRED');
  });

  it('lower-cases e-mail addresses', () => {
    expect(zEmail.parse(' Player@Example.COM ')).toBe('player@example.com');
    expect(zEmail.safeParse('player@').error?.issues[0]?.message).toBe('EMAIL_INVALID');
  });

  it('reads checkboxes from JSON and forms', () => {
    expect([true, 'true', '1', 'on', 1].map((value) => zCheckbox.parse(value))).toEqual([true, true, true, true, true]);
    expect([false, 'false', '0', '', undefined, 0].map((value) => zCheckbox.parse(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('bounds page fields', () => {
    const pageSize = zPageField(20, 100);
    expect(pageSize.parse(undefined)).toBe(20);
    expect(pageSize.parse('50')).toBe(50);
    for (const bad of ['0', '101', '1.5', 'x', -1, 1e20]) expect(pageSize.safeParse(bad).success).toBe(false);
  });
});

describe('stored text', () => {
  it('refuses control characters in a nick name', async () => {
    const { zNickName } = await import('./fields.ts');
    expect(zNickName.safeParse('Lucky\u0000').error?.issues[0]?.message).toBe('NICKNAME_INVALID');
    expect(zNickName.parse('  राज  ')).toBe('राज');
  });
});
