import type { TTransactionType } from '@mayur/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { nextPageNumber, rowsOfPages } from './transactions-pages.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** The signed-in player's transactions of one type, newest first, a page of 20 at a time. */
export function useTransactions(type: TTransactionType) {
  const token = useSessionToken();
  const query = useInfiniteQuery({
    queryKey: queryKeys.transactions(token, type),
    queryFn: ({ pageParam, signal }) =>
      api('/cash/findMoneyTranceList', { pageNum: pageParam, pageSize: TRANSACTIONS_PAGE_SIZE, type }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    enabled: token !== null,
  });
  const rows = useMemo(() => rowsOfPages(query.data?.pages ?? []), [query.data]);
  return { ...query, rows };
}
