import type { TProtectionState } from '@mayur/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../shared/api/queries.ts';
import { useSessionToken } from '../../shared/api/session.ts';
import { readPlaySession } from './reality-check/reality-check-clock.ts';

// Player protection's server state. Keys live under the account root, so they go with the session.

export const protectionKeys = {
  state: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'protection', token, 'state'] as const,
  statement: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'protection', token, 'statement'] as const,
  sessionResult: (token: string | null, since: string) => [ACCOUNT_QUERY_ROOT, 'protection', token, 'session', since] as const,
  playSession: (token: string | null) => [ACCOUNT_QUERY_ROOT, 'protection', token, 'playSession'] as const,
  helpOrganisations: ['protection-help-organisations'] as const,
};

/**
 * The player's limits, break and reality-check interval. Game screens read it too (the banner, the
 * reality check), so it is fetched quietly: a failure there must not toast over the game.
 */
export function useProtectionState({ isSilent = false }: { isSilent?: boolean } = {}) {
  const token = useSessionToken();
  return useQuery({
    queryKey: protectionKeys.state(token),
    queryFn: ({ signal }) => api('/protection/state', {}, { signal, isSilent }),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** Every protection change answers with the new state, which replaces the cached one at once. */
export function useProtectionChange<Variables>(change: (variables: Variables) => Promise<TProtectionState>) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => {
      queryClient.setQueryData(protectionKeys.state(token), state);
      void queryClient.invalidateQueries({ queryKey: protectionKeys.state(token) });
    },
  });
}

export function useActivityStatement() {
  const token = useSessionToken();
  return useQuery({
    queryKey: protectionKeys.statement(token),
    queryFn: ({ signal }) => api('/protection/statement', { months: 12 }, { signal, isSilent: true }),
    enabled: token !== null,
  });
}

/**
 * The reality check's clock of this log-in, kept by the server: the first game screen starts it, every
 * later one (after a reload or a reopening of the app) reads it. Quiet, like the other game-screen reads.
 */
export function usePlaySession() {
  const token = useSessionToken();
  return useQuery({
    queryKey: protectionKeys.playSession(token),
    queryFn: async ({ signal }) =>
      readPlaySession(await api('/protection/playSession', {}, { signal, isSilent: true }), Date.now()),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

/** "Continue" after a check: the server starts the next interval, and its answer replaces the cached clock. */
export function useContinuePlaying() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/protection/continuePlaying', {}, { isSilent: true }),
    onSuccess: (answer) => queryClient.setQueryData(protectionKeys.playSession(token), readPlaySession(answer, Date.now())),
  });
}

/** Bets, wins and net result since `since` (ISO); fetched afresh each time a reality check opens. */
export function useSessionResult(since: string | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: protectionKeys.sessionResult(token, since ?? ''),
    queryFn: ({ signal }) => api('/protection/sessionResult', { since: since ?? '' }, { signal, isSilent: true }),
    enabled: token !== null && since !== null,
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

/** The operator's help organisations; empty when none are configured. Changes only with the server's settings. */
export function useHelpOrganisations() {
  return useQuery({
    queryKey: protectionKeys.helpOrganisations,
    queryFn: ({ signal }) => api('/protection/helpOrganisations', {}, { signal, isSilent: true }),
    staleTime: 10 * 60_000,
  });
}
