import type { TLotteryResult, TPeriodState } from '@mayur/contracts';
import { serverClock } from '../../../shared/lib/server-clock.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCOUNT_QUERY_ROOT, queryKeys } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { subscribeRoom, type PeriodResultEvent } from './lottery-socket.ts';
import type { LotteryRoomApi } from './room-api.ts';

export const lotteryKeys = {
  period: (roomId: string) => ['lottery', roomId, 'period'] as const,
  gameLog: (roomId: string) => ['lottery', roomId, 'games'] as const,
  /** The player's own bets belong to the session and go with it. */
  userLog: (token: string | null, roomId: string) => [ACCOUNT_QUERY_ROOT, 'lottery', token, roomId] as const,
};

/**
 * Betting is locked on screen one second before the server closes it, so that a bet sent in the last
 * instant is not refused in flight; the server's close stays the only rule that counts.
 */
const LOCK_MARGIN_MS = 1_000;
/** How long the drawn ball stays on screen after the result arrives. */
const REVEAL_MS = 6_000;
/** After a period should have ended without news of the next one, ask the server again this often. */
const STALE_PERIOD_RETRY_MS = 3_000;

export type RoundPhase = 'loading' | 'betting' | 'closed' | 'waiting';

/** Server time, re-read several times a second for countdowns. */
export function useServerNow(intervalMs = 250): number {
  const [nowMs, setNowMs] = useState(serverClock.nowMs);
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(serverClock.nowMs()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return nowMs;
}

export type LotteryRound = {
  period: TPeriodState | undefined;
  isError: boolean;
  retry: () => void;
  phase: RoundPhase;
  nowMs: number;
  /** Milliseconds until betting closes on screen, and until the period ends. */
  bettingLeftMs: number;
  periodLeftMs: number;
  /** The result that just arrived, while it is being revealed. */
  reveal: { period: string; result: TLotteryResult } | null;
  /** The newest known result, for the header. */
  lastResult: { period: string; result: TLotteryResult } | null;
  refreshAll: () => void;
};

export function useLotteryRound(room: LotteryRoomApi): LotteryRound {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const periodKey = lotteryKeys.period(room.roomId);
  const periodQuery = useQuery({
    queryKey: periodKey,
    queryFn: async ({ signal }) => {
      const state = await room.getPeriod(signal);
      serverClock.sampleFromResponse(state.serverTimeMs);
      return state;
    },
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const [reveal, setReveal] = useState<(PeriodResultEvent & { shownUntilMs: number }) | null>(null);
  const nowMs = useServerNow();

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.period(room.roomId) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.gameLog(room.roomId) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.userLog(token, room.roomId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
  }, [queryClient, room.roomId, token]);

  useEffect(
    () =>
      subscribeRoom(room.roomId, {
        onPeriod: (event) => {
          const current = queryClient.getQueryData<TPeriodState>(lotteryKeys.period(room.roomId));
          if (!current) {
            void queryClient.invalidateQueries({ queryKey: lotteryKeys.period(room.roomId) });
            return;
          }
          if (event.startsAtMs < current.startsAtMs) return;
          queryClient.setQueryData<TPeriodState>(lotteryKeys.period(room.roomId), {
            ...current,
            period: event.period,
            state: 'betting',
            startsAtMs: event.startsAtMs,
            bettingClosesAtMs: event.bettingClosesAtMs,
            endsAtMs: event.endsAtMs,
          });
        },
        onClosed: (event) => {
          queryClient.setQueryData<TPeriodState>(lotteryKeys.period(room.roomId), (current) =>
            current && current.period === event.period ? { ...current, state: 'closed' } : current,
          );
        },
        onResult: (event) => {
          setReveal({ ...event, shownUntilMs: Date.now() + REVEAL_MS });
          queryClient.setQueryData<TPeriodState>(lotteryKeys.period(room.roomId), (current) =>
            current ? { ...current, previous: { period: event.period, result: event.result } } : current,
          );
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.gameLog(room.roomId) });
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.userLog(token, room.roomId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
        },
        onReconnect: refreshAll,
      }),
    [queryClient, room.roomId, token, refreshAll],
  );

  // A tab coming back from the background may have missed whole rounds.
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') refreshAll();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', refreshAll);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', refreshAll);
    };
  }, [refreshAll]);

  // Without news of the next period (a missed push), ask the server rather than guess from the clock.
  const period = periodQuery.data;
  const lastRetryRef = useRef(0);
  const { refetch, isFetching } = periodQuery;
  useEffect(() => {
    if (!period || isFetching) return;
    if (nowMs < period.endsAtMs + 1_500) return;
    if (Date.now() - lastRetryRef.current < STALE_PERIOD_RETRY_MS) return;
    lastRetryRef.current = Date.now();
    void refetch();
  }, [period, nowMs, isFetching, refetch]);

  useEffect(() => {
    if (!reveal) return;
    const timer = window.setTimeout(() => setReveal(null), Math.max(0, reveal.shownUntilMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [reveal]);

  let phase: RoundPhase = 'loading';
  if (period) {
    if (period.state === 'betting' && nowMs < period.bettingClosesAtMs - LOCK_MARGIN_MS) phase = 'betting';
    else if (nowMs < period.endsAtMs) phase = 'closed';
    else phase = 'waiting';
  }

  const lastResult = reveal ?? period?.previous ?? null;
  return {
    period,
    isError: periodQuery.isError && !period,
    retry: () => void refetch(),
    phase,
    nowMs,
    bettingLeftMs: period ? Math.max(0, period.bettingClosesAtMs - LOCK_MARGIN_MS - nowMs) : 0,
    periodLeftMs: period ? Math.max(0, period.endsAtMs - nowMs) : 0,
    reveal: reveal && reveal.period !== period?.period ? { period: reveal.period, result: reveal.result } : null,
    lastResult: lastResult ? { period: lastResult.period, result: lastResult.result } : null,
    refreshAll,
  };
}

/** mm:ss of a duration, rounded up to the second so that "00:00" means it is over. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
