import { describe, expect, it } from 'vitest';
import { nextCommissionPage } from './commission-pages.ts';

const page = (pageNum: number, size: number, total: number) => ({
  pageNum,
  total,
  list: Array.from({ length: size }, () => ({})),
});

describe('nextCommissionPage', () => {
  it('asks for the next page while the server holds more days', () => {
    const first = page(1, 20, 45);
    expect(nextCommissionPage(first, [first])).toBe(2);
    const second = page(2, 20, 45);
    expect(nextCommissionPage(second, [first, second])).toBe(3);
  });

  it('stops at the last page and on an empty page', () => {
    const pages = [page(1, 20, 45), page(2, 20, 45), page(3, 5, 45)];
    expect(nextCommissionPage(pages[2]!, pages)).toBeUndefined();
    const empty = page(4, 0, 90);
    expect(nextCommissionPage(empty, [page(1, 20, 90), empty])).toBeUndefined();
  });
});
