import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search-games.ts';

describe('searching the PG GAMES catalogue', () => {
  it('matches every word, ignoring case and accents', () => {
    expect(matchesSearch('Fortune Tiger', 'tiger')).toBe(true);
    expect(matchesSearch('Fortune Tiger', 'TIG fort')).toBe(true);
    expect(matchesSearch('Dés', 'des')).toBe(true);
    expect(matchesSearch('Fortune Tiger', 'ox')).toBe(false);
    expect(matchesSearch('प्लिंको', 'प्लिं')).toBe(true);
    expect(matchesSearch('Plinko', '   ')).toBe(true);
  });
});
