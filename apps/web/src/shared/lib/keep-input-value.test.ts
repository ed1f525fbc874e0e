import { describe, expect, it } from 'vitest';
import { keepInputValue } from './keep-input-value.ts';

const inputShowing = (value: string) => ({ value }) as HTMLInputElement;

describe('keepInputValue', () => {
  it('takes a refused edit off the screen and returns what was accepted', () => {
    const input = inputShowing('12a');
    expect(keepInputValue(input, '12')).toBe('12');
    expect(input.value).toBe('12');
  });

  it('leaves an accepted edit as typed', () => {
    const input = inputShowing('123');
    expect(keepInputValue(input, '123')).toBe('123');
    expect(input.value).toBe('123');
  });
});
