import type { TTransactionType } from '@mayur/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { useSessionToken } from './session.ts';

/** Query keys of data that belongs to the signed-in player; removed whenever the session changes. */
export const ACCOUNT_QUERY_ROOT = 'account';

export const queryKeys = {
  currentUser: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'user', token] as const,
  balance: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'balance', token] as const,
  /** Every filter's pages of the transactions list. */
  allTransactions: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'transactions', token] as const,
  transactions: (token: string | null, type: TTransactionType) => [ACCOUNT_QUERY_ROOT, 'transactions', token, type] as const,
  registerSwitch: ['register-switch'] as const,
};

export function useCurrentUser() {
  const token = useSessionToken();
  return useQuery({
    queryKey: queryKeys.currentUser(token),
    queryFn: ({ signal }) => api('/user/findUserInfo', {}, { signal }),
    enabled: token !== null,
  });
}

export function useBalance() {
  const token = useSessionToken();
  return useQuery({
    queryKey: queryKeys.balance(token),
    queryFn: ({ signal }) => api('/user/balance', {}, { signal }),
    enabled: token !== null,
  });
}

/**
 * After money moved (a gift, a bonus exchange): shows the balances the server returned at once, then
 * refetches everything that shows money so no screen keeps an old figure.
 */
export function refreshWallet(
  queryClient: QueryClient,
  token: string | null,
  balances?: { balance: string; bonus: string },
): void {
  if (balances) queryClient.setQueryData(queryKeys.balance(token), { balance: balances.balance, bonus: balances.bonus });
  void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser(token) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.allTransactions(token) });
}
