import { describe, expect, it } from 'vitest';
import { nextRecordPage, recordsOfPages, type RecordPage } from './record-pages.ts';

type Row = { orderNo: string };

function page(pageNum: number, orderNos: string[], total: number): RecordPage<Row> {
  return { pageNum, total, list: orderNos.map((orderNo) => ({ orderNo })) };
}

describe('record pages', () => {
  it('offers the next page while fewer records are loaded than there are', () => {
    const first = page(1, ['R5', 'R4'], 5);
    const second = page(2, ['R3', 'R2'], 5);
    const third = page(3, ['R1'], 5);
    expect(nextRecordPage(first, [first])).toBe(2);
    expect(nextRecordPage(second, [first, second])).toBe(3);
    expect(nextRecordPage(third, [first, second, third])).toBeUndefined();
  });

  it('offers nothing more when everything fits on the first page', () => {
    const only = page(1, ['R2', 'R1'], 2);
    expect(nextRecordPage(only, [only])).toBeUndefined();
  });

  it('stops at an empty page even when the total promised more', () => {
    const first = page(1, ['R2', 'R1'], 9);
    const empty = page(2, [], 9);
    expect(nextRecordPage(empty, [first, empty])).toBeUndefined();
  });

  it('shows a record pushed onto the next page only once', () => {
    const rows = recordsOfPages([page(1, ['R3', 'R2'], 3), page(2, ['R2', 'R1'], 4)], (row) => row.orderNo);
    expect(rows.map((row) => row.orderNo)).toEqual(['R3', 'R2', 'R1']);
  });
});
