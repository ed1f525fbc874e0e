import type { TMoneyTransaction } from '@mayur/contracts';

type Page = { list: TMoneyTransaction[]; total: number; pageNum: number };

/** The next page to ask for, or undefined once every transaction has been loaded (or a page came back empty). */
export function nextPageNumber(lastPage: Page, pages: readonly Page[]): number | undefined {
  const loadedCount = pages.reduce((count, page) => count + page.list.length, 0);
  return lastPage.list.length > 0 && loadedCount < lastPage.total ? lastPage.pageNum + 1 : undefined;
}

/**
 * The rows of all pages in order, each once. Pages are offsets into a list that grows at its top, so a
 * movement posted between two pages pushes the last row of one page onto the next.
 */
export function rowsOfPages(pages: readonly Page[]): TMoneyTransaction[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.list)
    .filter((row) => {
      if (seen.has(row.id)) return false;
      seen.add(row.id);
      return true;
    });
}
