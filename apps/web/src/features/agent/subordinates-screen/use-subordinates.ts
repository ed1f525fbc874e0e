import type { TSubordinate } from '@mayur/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { subordinatesRequest, type SubordinateFilters } from './subordinate-filters.ts';

export const SUBORDINATES_PAGE_SIZE = 20;

/** The player's own subordinates matching the filters, newest first, page after page by the server's cursor. */
export function useSubordinates(filters: SubordinateFilters) {
  const token = useSessionToken();
  const query = useInfiniteQuery({
    queryKey: [ACCOUNT_QUERY_ROOT, 'agent-subordinates', token, filters],
    queryFn: ({ pageParam, signal }) =>
      api('/starAgent/findDownByPage', subordinatesRequest(filters, pageParam, SUBORDINATES_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: token !== null,
  });
  // A member appears once even if a page boundary moved while the list was read.
  const rows = useMemo(() => {
    const seen = new Set<number>();
    const unique: TSubordinate[] = [];
    for (const row of query.data?.pages.flatMap((page) => page.list) ?? []) {
      if (seen.has(row.userId)) continue;
      seen.add(row.userId);
      unique.push(row);
    }
    return unique;
  }, [query.data]);
  return { ...query, rows, total: query.data?.pages[0]?.total ?? 0 };
}
