import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

/** How many of the newest complaints the help centre reads to list the open ones (the contract's largest page). */
const COMPLAINTS_PAGE_SIZE = 50;

/**
 * The signed-in player's complaints that are not closed (waiting for an answer, or answered), newest
 * first, from the newest page of their complaints; nothing is asked for a visitor.
 */
export function useOpenComplaints() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [ACCOUNT_QUERY_ROOT, 'complaints', token, 'support-open'],
    queryFn: ({ signal }) =>
      api('/user/findComplaints', { pageNum: 1, pageSize: COMPLAINTS_PAGE_SIZE }, { signal, isSilent: true }),
    select: (page) => page.list.filter((complaint) => complaint.status !== 'closed'),
    enabled: token !== null,
  });
}
