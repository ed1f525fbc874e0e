import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

/** The signed-in player's invitation, team counts, invite bonuses and commission (`/user/findPromote`). */
export function usePromotion() {
  const token = useSessionToken();
  return useQuery({
    // Under the account root, so signing out or in as someone else never shows the last player's team.
    queryKey: [ACCOUNT_QUERY_ROOT, 'promotion', token],
    queryFn: ({ signal }) => api('/user/findPromote', {}, { signal }),
    enabled: token !== null,
  });
}
