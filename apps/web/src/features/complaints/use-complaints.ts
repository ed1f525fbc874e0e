import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../shared/api/queries.ts';
import { useSessionToken } from '../../shared/api/session.ts';

// The complaints' server state. Keys live under the account root, so they go with the session.

export const COMPLAINTS_PAGE_SIZE = 10;

export const complaintKeys = {
  all: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'complaints', token] as const,
  list: (token: string | null, pageCount: number) => [ACCOUNT_QUERY_ROOT, 'complaints', token, 'list', pageCount] as const,
  one: (token: string | null, id: string) => [ACCOUNT_QUERY_ROOT, 'complaints', token, 'one', id] as const,
  unread: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'complaints', token, 'unread'] as const,
  records: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'complaints', token, 'records'] as const,
};

/** The newest `pageCount` pages of the player's complaints, as one list ("Show more" asks for one page more). */
export function useComplaintList(pageCount: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: complaintKeys.list(token, pageCount),
    queryFn: ({ signal }) => api('/user/findComplaints', { pageNum: 1, pageSize: COMPLAINTS_PAGE_SIZE * pageCount }, { signal }),
    enabled: token !== null,
    placeholderData: (previous) => previous,
  });
}

export function useComplaint(id: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: complaintKeys.one(token, id),
    queryFn: ({ signal }) => api('/user/findComplaint', { id }, { signal, isSilent: true }),
    enabled: token !== null,
    retry: false,
  });
}

export function useComplaintRecords() {
  const token = useSessionToken();
  return useQuery({
    queryKey: complaintKeys.records(token),
    queryFn: ({ signal }) => api('/user/findComplaintRecords', {}, { signal }),
    enabled: token !== null,
  });
}

/** After the player filed, replied or read: every complaint view and the badge fetch again. */
export function refreshComplaints(queryClient: QueryClient, token: string | null): void {
  void queryClient.invalidateQueries({ queryKey: complaintKeys.all(token) });
}

export function useRefreshComplaints(): () => void {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useCallback(() => refreshComplaints(queryClient, token), [queryClient, token]);
}
