import { describe, expect, it } from 'vitest';
import { approverKeyOf, hasTakenPart } from './maker-checker.ts';

describe('who may still approve', () => {
  it('is anyone whose key is neither the maker’s nor an approver’s', () => {
    expect(hasTakenPart('7', ['operator:3'])).toBe(false);
    expect(hasTakenPart('7', ['cli:ops', 'operator:70'])).toBe(false);
  });

  it('is not the maker nor an operator who already approved', () => {
    expect(hasTakenPart('7', ['operator:7'])).toBe(true);
    expect(hasTakenPart('7', ['operator:3', 'operator:7'])).toBe(true);
  });

  it('is nobody without a signed-in operator', () => {
    expect(hasTakenPart(undefined, [])).toBe(true);
  });

  it('writes the key as the server does', () => {
    expect(approverKeyOf('12')).toBe('operator:12');
  });
});
