import type { AgentDayRange } from '@mayur/rules/agent-periods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';

/** Never ask again sooner than this, whatever interval the server names. */
const MIN_REFETCH_MS = 5_000;

/**
 * The team's statistics for a range of Kolkata days (`/starAgent/findAllInfo`). A range that reaches
 * today is asked again at the server's refresh interval, since today's figures keep moving.
 */
export function useAgentReport(range: AgentDayRange | null, today: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [ACCOUNT_QUERY_ROOT, 'agent-report', token, range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => api('/starAgent/findAllInfo', range ?? { from: today, to: today }, { signal }),
    enabled: token !== null && range !== null,
    // Switching periods keeps the last figures on screen (dimmed) rather than flashing the skeleton.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || data.to < today) return false;
      return Math.max(MIN_REFETCH_MS, data.refreshIntervalSeconds * 1000);
    },
  });
}
