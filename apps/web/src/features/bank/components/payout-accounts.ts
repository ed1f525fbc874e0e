import type { ResponseOf } from '@mayur/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

export type PayoutAccount = ResponseOf<'/cash/findBankCard'>['list'][number];
/** "bank" holds bank cards and UPI accounts, "usdt" the USDT (TRC20) addresses. */
export type PayoutGroup = 'bank' | 'usdt';

export const payoutQueryKeys = {
  /** Every group's list: what a change to any payout account makes stale. */
  allAccounts: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'payout-accounts', token] as const,
  accounts: (token: string | null, group: PayoutGroup) => [ACCOUNT_QUERY_ROOT, 'payout-accounts', token, group] as const,
  withdrawInfo: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'withdraw-info', token] as const,
};

/** The screens of each group: the list, the add form and the edit form (which takes `?id=`). */
export const GROUP_ROUTES = {
  bank: { list: '/bank', add: '/addbank', edit: '/editbank' },
  usdt: { list: '/bankemail', add: '/addbankemail', edit: '/editbankemail' },
} as const satisfies Record<PayoutGroup, { list: string; add: string; edit: string }>;

export function editRouteOf(group: PayoutGroup, accountId: number): string {
  return `${GROUP_ROUTES[group].edit}?${new URLSearchParams({ id: String(accountId) }).toString()}`;
}

/** The signed-in player's payout accounts of one group, newest first (at most MAX_PAYOUT_ACCOUNTS). */
export function usePayoutAccounts(group: PayoutGroup) {
  const token = useSessionToken();
  return useQuery({
    queryKey: payoutQueryKeys.accounts(token, group),
    // Quiet: the screen shows its own error with a retry, so a toast would say it twice.
    queryFn: ({ signal }) => api('/cash/findBankCard', { group }, { signal, isSilent: true }),
    select: (page) => page.list,
    enabled: token !== null,
  });
}

/**
 * Withdrawal limits and whether a withdrawal password is set, which every payout account change needs.
 * Asked afresh on every visit: the player may have just set the password on /reset and come back.
 */
export function useWithdrawInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: payoutQueryKeys.withdrawInfo(token),
    queryFn: ({ signal }) => api('/cash/findWithdrawInfo', {}, { signal, isSilent: true }),
    enabled: token !== null,
    refetchOnMount: 'always',
  });
}

/**
 * Shows an account the server just saved in its group's list at once (a new one first, as the list is
 * newest first), so the list the player returns to is never a step behind; the reload confirms it.
 */
export function showSavedPayoutAccount(
  queryClient: QueryClient,
  token: string | null,
  group: PayoutGroup,
  account: PayoutAccount,
): void {
  queryClient.setQueryData<ResponseOf<'/cash/findBankCard'>>(payoutQueryKeys.accounts(token, group), (page) => {
    if (!page) return page;
    const isKnown = page.list.some((candidate) => candidate.id === account.id);
    const list = isKnown
      ? page.list.map((candidate) => (candidate.id === account.id ? account : candidate))
      : [account, ...page.list];
    return { ...page, list, total: isKnown ? page.total : page.total + 1 };
  });
}

/** After an account was added, changed or deleted: every list of payout accounts reloads. */
export function refreshPayoutAccounts(queryClient: QueryClient, token: string | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: payoutQueryKeys.allAccounts(token) });
}

/** After the server said no withdrawal password is set: the forms show the notice to set one. */
export function refreshWithdrawInfo(queryClient: QueryClient, token: string | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: payoutQueryKeys.withdrawInfo(token) });
}
