/** The spec's page size of the recharge and withdrawal records (§9). */
export const RECORD_PAGE_SIZE = 100;

export type RecordPage<Row> = { list: readonly Row[]; total: number; pageNum: number };

/** The page after `lastPage`, or undefined once every record is loaded (or a page came back empty). */
export function nextRecordPage<Row>(lastPage: RecordPage<Row>, pages: ReadonlyArray<RecordPage<Row>>): number | undefined {
  const loadedCount = pages.reduce((count, page) => count + page.list.length, 0);
  return lastPage.list.length > 0 && loadedCount < lastPage.total ? lastPage.pageNum + 1 : undefined;
}

/**
 * The records of all pages in order, each once. Pages are offsets into a list that grows at its top,
 * so an order placed between two pages pushes the last record of one page onto the next.
 */
export function recordsOfPages<Row>(pages: ReadonlyArray<RecordPage<Row>>, keyOf: (row: Row) => string): Row[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.list)
    .filter((row) => {
      const key = keyOf(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
