import { describe, expect, it } from 'vitest';
import {
  filtersOf,
  filtersToParams,
  hasFilters,
  memberIdDigits,
  NO_FILTERS,
  subordinatesRequest,
} from './subordinate-filters.ts';

describe('filtersOf', () => {
  it('reads depth, ID and a registration range from the address', () => {
    expect(filtersOf(new URLSearchParams('depth=2&search=1234&from=2026-11-01&to=2026-11-24'))).toEqual({
      depth: 2,
      search: '1234',
      from: '2026-11-01',
      to: '2026-11-24',
    });
  });

  it('drops what the server would refuse', () => {
    expect(filtersOf(new URLSearchParams('depth=7&search=12ab&from=2026-11-24&to=2026-11-01'))).toEqual({
      depth: null,
      search: '12',
      from: '',
      to: '',
    });
    expect(filtersOf(new URLSearchParams('depth=0'))).toEqual(NO_FILTERS);
    expect(filtersOf(new URLSearchParams('depth=1.5&from=2026-11-01'))).toEqual(NO_FILTERS);
  });

  it('round-trips through filtersToParams', () => {
    const filters = { depth: 6, search: '42', from: '2026-10-01', to: '2026-10-02' };
    expect(filtersOf(new URLSearchParams(filtersToParams(filters)))).toEqual(filters);
    expect(filtersToParams(NO_FILTERS)).toEqual({});
  });
});

describe('memberIdDigits', () => {
  it('keeps at most twelve digits', () => {
    expect(memberIdDigits(' 12-34 ')).toBe('1234');
    expect(memberIdDigits('1234567890123456')).toBe('123456789012');
  });
});

describe('subordinatesRequest', () => {
  it('sends only the filters in use and the cursor when there is one', () => {
    expect(subordinatesRequest(NO_FILTERS, null, 20)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(subordinatesRequest({ depth: 3, search: '9', from: '2026-11-01', to: '2026-11-02' }, 'abc', 20)).toEqual({
      pageNum: 1,
      pageSize: 20,
      depth: 3,
      search: '9',
      from: '2026-11-01',
      to: '2026-11-02',
      cursor: 'abc',
    });
  });

  it('says whether any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, depth: 1 })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, search: '5' })).toBe(true);
  });
});
