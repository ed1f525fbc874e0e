import type { ResponseOf, TRechargeRecord, TWithdrawRecord } from '@mayur/contracts';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { takeEarlyRead } from '../../../shared/api/early-reads.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { nextRecordPage, RECORD_PAGE_SIZE, recordsOfPages } from './record-pages.ts';

export type PayoutGroup = 'bank' | 'usdt';
export type RechargeInfo = ResponseOf<'/cash/findRechargeInfo'>;
export type UsdtRechargeInfo = ResponseOf<'/cash/findUsdtRechargeInfo'>;
export type UsdtOrder = ResponseOf<'/cash/usdtAddressPay'>;
export type WithdrawInfo = ResponseOf<'/cash/findWithdrawInfo'>;

/** The player's payment data belongs to the session and is dropped with it (index 2 is the token). */
export const cashKeys = {
  all: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token] as const,
  rechargeInfo: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token, 'recharge-info'] as const,
  usdtRechargeInfo: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token, 'usdt-recharge-info'] as const,
  withdrawInfo: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token, 'withdraw-info'] as const,
  payoutAccounts: (token: string | null, group: PayoutGroup) =>
    [ACCOUNT_QUERY_ROOT, 'cash', token, 'payout-accounts', group] as const,
  rechargeRecords: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token, 'recharge-records'] as const,
  withdrawRecords: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'cash', token, 'withdraw-records'] as const,
};

/** Reads are quiet: each screen shows its own error with a retry instead of a toast. */
const quiet = (signal: AbortSignal) => ({ signal, isSilent: true });

/**
 * Limits, balances and accounts change elsewhere (an account added on /addbank, an order paid on the
 * gateway's page), so these screens ask again each time they open instead of trusting a cached copy.
 */
const ALWAYS_STALE = { staleTime: 0 } as const;

export function useRechargeInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: cashKeys.rechargeInfo(token),
    // The answer of the read started with the screen's download (app/routes.tsx), else a new read.
    queryFn: ({ signal }) => takeEarlyRead('/cash/findRechargeInfo') ?? api('/cash/findRechargeInfo', {}, quiet(signal)),
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
}

export function useUsdtRechargeInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: cashKeys.usdtRechargeInfo(token),
    queryFn: ({ signal }) => api('/cash/findUsdtRechargeInfo', {}, quiet(signal)),
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
}

export function useWithdrawInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: cashKeys.withdrawInfo(token),
    queryFn: ({ signal }) => api('/cash/findWithdrawInfo', {}, quiet(signal)),
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
}

export function usePayoutAccounts(group: PayoutGroup) {
  const token = useSessionToken();
  return useQuery({
    queryKey: cashKeys.payoutAccounts(token, group),
    queryFn: ({ signal }) => api('/cash/findBankCard', { group }, quiet(signal)),
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
}

/** The player's recharge orders, newest first, a page of 100 at a time (spec §9). */
export function useRechargeRecords() {
  const token = useSessionToken();
  const query = useInfiniteQuery({
    queryKey: cashKeys.rechargeRecords(token),
    queryFn: ({ pageParam, signal }) =>
      api('/cash/findRechargeList', { pageNum: pageParam, pageSize: RECORD_PAGE_SIZE }, quiet(signal)),
    initialPageParam: 1,
    getNextPageParam: nextRecordPage,
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
  const records = useMemo(
    () => recordsOfPages<TRechargeRecord>(query.data?.pages ?? [], (record) => record.orderNo),
    [query.data],
  );
  return { ...query, records };
}

/** The player's withdrawals, newest first, a page of 100 at a time (spec §9). */
export function useWithdrawRecords() {
  const token = useSessionToken();
  const query = useInfiniteQuery({
    queryKey: cashKeys.withdrawRecords(token),
    queryFn: ({ pageParam, signal }) =>
      api('/cash/findWithdrawList', { pageNum: pageParam, pageSize: RECORD_PAGE_SIZE }, quiet(signal)),
    initialPageParam: 1,
    getNextPageParam: nextRecordPage,
    enabled: token !== null,
    ...ALWAYS_STALE,
  });
  const records = useMemo(
    () => recordsOfPages<TWithdrawRecord>(query.data?.pages ?? [], (record) => record.withdrawNo),
    [query.data],
  );
  return { ...query, records };
}

/** After a withdrawal or a recharge order: every payment figure of this player is asked for again. */
export function refreshCash(queryClient: QueryClient, token: string | null): void {
  void queryClient.invalidateQueries({ queryKey: cashKeys.all(token) });
}
