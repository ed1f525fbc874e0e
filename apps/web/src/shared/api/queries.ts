import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useSessionToken } from './session.ts';

/** Query keys of data that belongs to the signed-in player; removed whenever the session changes. */
export const ACCOUNT_QUERY_ROOT = 'account';

export const queryKeys = {
  currentUser: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'user', token] as const,
  balance: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'balance', token] as const,
  notices: ['notices'] as const,
  noticeDialog: ['notice-dialog'] as const,
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
