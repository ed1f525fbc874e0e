import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

/** The programme's rules as the operator configured them (`/agent/rules`). */
export function useAgentRules() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [ACCOUNT_QUERY_ROOT, 'agent-rules', token],
    queryFn: ({ signal }) => api('/agent/rules', {}, { signal }),
    enabled: token !== null,
    // Operators change these rarely; a visit a few minutes later may reuse them.
    staleTime: 5 * 60_000,
  });
}
