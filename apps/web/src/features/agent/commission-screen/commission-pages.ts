type Page = { list: readonly unknown[]; total: number; pageNum: number };

/** The next page number, or undefined once every day the server holds has arrived (or a page came back empty). */
export function nextCommissionPage(lastPage: Page, pages: readonly Page[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.list.length, 0);
  return lastPage.list.length > 0 && loaded < lastPage.total ? lastPage.pageNum + 1 : undefined;
}
