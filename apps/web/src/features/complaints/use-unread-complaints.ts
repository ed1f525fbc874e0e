import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api.ts';
import { useSessionToken } from '../../shared/api/session.ts';
import { complaintKeys } from './use-complaints.ts';

const UNREAD_REFRESH_MS = 60_000;

/**
 * How many of the signed-in player's complaints have an answer they have not read: the badge on Mine's
 * "Complaints & Suggestions" entry. 0 while signed out, loading or after a failed request.
 */
export function useUnreadComplaints(): number {
  const token = useSessionToken();
  const { data } = useQuery({
    queryKey: complaintKeys.unread(token),
    queryFn: ({ signal }) => api('/user/unreadComplaints', {}, { signal, isSilent: true }),
    enabled: token !== null,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return data?.unreadCount ?? 0;
}
