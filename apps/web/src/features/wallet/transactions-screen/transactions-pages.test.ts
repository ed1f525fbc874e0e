import type { TMoneyTransaction } from '@mayur/contracts';
import { describe, expect, it } from 'vitest';
import { nextPageNumber, rowsOfPages } from './transactions-pages.ts';

function row(id: string): TMoneyTransaction {
  return {
    id,
    type: 'gift',
    reason: 'gift',
    wallet: 'bonus',
    amount: '+1.00',
    balanceAfter: '1.00',
    reference: null,
    createTime: '2026-11-21T12:00:00.000Z',
  };
}

function page(pageNum: number, ids: string[], total: number) {
  return { pageNum, total, list: ids.map(row) };
}

describe('transactions pages', () => {
  it('asks for the next page until every transaction is loaded', () => {
    const first = page(1, ['5', '4'], 5);
    const second = page(2, ['3', '2'], 5);
    const third = page(3, ['1'], 5);
    expect(nextPageNumber(first, [first])).toBe(2);
    expect(nextPageNumber(second, [first, second])).toBe(3);
    expect(nextPageNumber(third, [first, second, third])).toBeUndefined();
  });

  it('stops at an empty page even when the total promised more', () => {
    const first = page(1, ['2', '1'], 9);
    const empty = page(2, [], 9);
    expect(nextPageNumber(empty, [first, empty])).toBeUndefined();
  });

  it('shows a row pushed onto the next page only once', () => {
    // "3" was posted between the two requests, so "1" comes again at the top of page 2.
    expect(rowsOfPages([page(1, ['2', '1'], 3), page(2, ['1', '0'], 4)]).map((entry) => entry.id)).toEqual(['2', '1', '0']);
  });
});
