import type { TCommissionDay } from '@mayur/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { nextCommissionPage } from './commission-pages.ts';

export const COMMISSION_PAGE_SIZE = 20;

/** The player's own daily commission, newest day first (`/agent/commissionHistory`), a page at a time. */
export function useCommissionHistory() {
  const token = useSessionToken();
  const query = useInfiniteQuery({
    queryKey: [ACCOUNT_QUERY_ROOT, 'agent-commission', token],
    queryFn: ({ pageParam, signal }) =>
      api('/agent/commissionHistory', { pageNum: pageParam, pageSize: COMMISSION_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextCommissionPage,
    enabled: token !== null,
  });
  const days = useMemo(() => {
    const seen = new Set<string>();
    const unique: TCommissionDay[] = [];
    for (const day of query.data?.pages.flatMap((page) => page.list) ?? []) {
      if (seen.has(day.day)) continue;
      seen.add(day.day);
      unique.push(day);
    }
    return unique;
  }, [query.data]);
  return { ...query, days };
}
