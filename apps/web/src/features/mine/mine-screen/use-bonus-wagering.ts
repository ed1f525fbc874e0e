import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

/** Under the account root, so it is dropped with the session like every other figure of the player's. */
export const bonusWageringKey = (token: string | null) => [ACCOUNT_QUERY_ROOT, 'bonus-wagering', token] as const;

/**
 * The bets still needed before bonus can be exchanged (POST /user/bonusWagering). Fetched whenever
 * the exchange dialog opens, since any bet placed in between moves it.
 */
export function useBonusWagering() {
  const token = useSessionToken();
  return useQuery({
    queryKey: bonusWageringKey(token),
    queryFn: ({ signal }) => api('/user/bonusWagering', {}, { signal }),
    enabled: token !== null,
    staleTime: 0,
  });
}
