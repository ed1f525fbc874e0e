import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import { serverClock } from '../../../shared/lib/server-clock.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { connectionStore, subscribeCrashRoom, type ActivityItem } from './crash-socket.ts';
import { crashApi, crashKeys, type CrashRound } from './crash-api.ts';
import { combineLiveBets, type LiveBet, type LiveRound } from './live-bets.ts';

export type CrashPhase = 'loading' | 'betting' | 'flying' | 'crashed' | 'waiting' | 'reconnecting';

/** What the canvas loop reads every frame, without React renders. */
export type FlightSnapshot = {
  phase: CrashPhase;
  /** When the round began taking bets: the start of the progress bar to take-off. */
  bettingStartsAtMs: number;
  flyingAtMs: number;
  crashPointX100: number | null;
};

/** A value the animation loop publishes every frame (the live multiplier), for listeners that write the DOM. */
export function createFrameFeed() {
  let value = 100;
  const listeners = new Set<(x100: number) => void>();
  return {
    get: () => value,
    publish(x100: number) {
      if (x100 === value) return;
      value = x100;
      for (const listener of listeners) listener(x100);
    },
    listen(listener: (x100: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type FrameFeed = ReturnType<typeof createFrameFeed>;

/** How long after a crash the round's bets are fetched again: automatic cash-outs are paid at the crash. */
const AFTER_CRASH_REFRESH_MS = 1_500;
/** Pushed items kept for one round at most (the list shows fewer; the server's list covers the rest). */
const PUSHED_BET_LIMIT = 300;
/** Without news of the next round after a crash, ask the server again after this long. */
const STALE_ROUND_MS = 5_000;
const WAITING_RETRY_MS = 1_000;

export type CrashRoundView = {
  round: CrashRound | undefined;
  phase: CrashPhase;
  nowMs: number;
  snapshotRef: React.RefObject<FlightSnapshot>;
  feed: FrameFeed;
  /** Every real player's bet in this round, with totals (the server's list merged with the pushes). */
  live: LiveRound;
  /** Cash-outs pushed for the player's own bets, by bet id (auto cash-outs arrive this way). */
  pushedCashouts: ReadonlyMap<string, { multiplierX100: number; winAmount: string }>;
  refreshAll: () => void;
};

function useServerNow(intervalMs: number): number {
  const [nowMs, setNowMs] = useState(serverClock.nowMs);
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(serverClock.nowMs()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return nowMs;
}

export function derivePhase(round: CrashRound | undefined, nowMs: number): CrashPhase {
  if (!round) return 'waiting';
  if (round.phase === 'crashed' || round.crashPointX100 !== null) return 'crashed';
  if (round.phase === 'flying' || nowMs >= round.flyingAtMs) return 'flying';
  return 'betting';
}

export function useCrashRound(room: CrashRoomId): CrashRoundView {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const roundKey = crashKeys.round(room);
  const roundQuery = useQuery({
    queryKey: roundKey,
    queryFn: async ({ signal }) => {
      const state = await crashApi.getCurrent(room, signal);
      serverClock.sampleFromResponse(state.serverTimeMs);
      return state;
    },
    staleTime: 0,
    retry: false,
  });
  const isConnected = useSyncExternalStore(connectionStore.subscribe, connectionStore.get);
  const nowMs = useServerNow(200);
  const [liveBets, setLiveBets] = useState<LiveBet[]>([]);
  const roundBetsQuery = useQuery({
    queryKey: crashKeys.roundBets(room),
    queryFn: ({ signal }) => crashApi.roundBets(room, signal),
    staleTime: 0,
    retry: false,
  });
  const [pushedCashouts, setPushedCashouts] = useState<Map<string, { multiplierX100: number; winAmount: string }>>(new Map());
  const [feed] = useState(createFrameFeed);
  const snapshotRef = useRef<FlightSnapshot>({ phase: 'loading', bettingStartsAtMs: 0, flyingAtMs: 0, crashPointX100: null });

  const refreshBets = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: crashKeys.myBets(token, room) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
  }, [queryClient, room, token]);

  const refreshRoundBets = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: crashKeys.roundBets(room) }),
    [queryClient, room],
  );

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: crashKeys.round(room) });
    refreshRoundBets();
    void queryClient.invalidateQueries({ queryKey: crashKeys.history(room) });
    refreshBets();
  }, [queryClient, room, refreshBets, refreshRoundBets]);

  useEffect(
    () =>
      subscribeCrashRoom(room, {
        onRound: (event) => {
          setLiveBets([]);
          queryClient.setQueryData<CrashRound>(crashKeys.round(room), (current) => {
            if (!current) {
              void queryClient.invalidateQueries({ queryKey: crashKeys.round(room) });
              return current;
            }
            return {
              ...current,
              roundId: event.roundId,
              phase: 'betting',
              bettingStartsAtMs: event.bettingStartsAtMs,
              flyingAtMs: event.flyingAtMs,
              crashAtMs: null,
              crashPointX100: null,
            };
          });
          refreshBets();
          // Bets queued during the last flight joined this round when it opened: they were never pushed.
          refreshRoundBets();
        },
        onFlying: (event) => {
          queryClient.setQueryData<CrashRound>(crashKeys.round(room), (current) =>
            current && current.roundId === event.roundId
              ? { ...current, phase: 'flying', flyingAtMs: event.flyingAtMs }
              : current,
          );
          refreshBets();
        },
        onCrashed: (event) => {
          queryClient.setQueryData<CrashRound>(crashKeys.round(room), (current) => {
            if (!current || current.roundId !== event.roundId) return current;
            const isNew = current.crashPointX100 === null;
            return {
              ...current,
              phase: 'crashed',
              crashPointX100: event.crashPointX100,
              crashAtMs: serverClock.nowMs(),
              recent: isNew ? [event.crashPointX100, ...current.recent].slice(0, 30) : current.recent,
            };
          });
          void queryClient.invalidateQueries({ queryKey: crashKeys.history(room) });
          refreshBets();
          // Settlement of the last bets may land just after the push.
          window.setTimeout(refreshBets, 1_000);
          window.setTimeout(() => {
            refreshRoundBets();
            void queryClient.invalidateQueries({ queryKey: crashKeys.topWins(room) });
          }, AFTER_CRASH_REFRESH_MS);
        },
        onActivity: (items) => {
          // Bets received in flight are for the next round; the list shows this round's bets only.
          const roundId = queryClient.getQueryData<CrashRound>(crashKeys.round(room))?.roundId;
          const thisRound = items.filter((item) => item.kind !== 'bet' || item.roundId === roundId);
          setLiveBets((current) => mergeActivity(current, thisRound));
          const cashouts = items.filter((item) => item.kind === 'cashout');
          if (cashouts.length > 0) {
            setPushedCashouts((current) => {
              const next = new Map(current);
              for (const item of cashouts)
                next.set(item.betId, { multiplierX100: item.multiplierX100, winAmount: item.winAmount });
              return next;
            });
          }
        },
        onReconnect: refreshAll,
      }),
    [queryClient, room, refreshAll, refreshBets, refreshRoundBets],
  );

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') refreshAll();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [refreshAll]);

  const round = roundQuery.data;
  const isBetweenRounds = roundQuery.isError && isApiError(roundQuery.error) && roundQuery.error.code === 'ROOM_UNKNOWN';
  let phase: CrashPhase = roundQuery.isPending ? 'loading' : derivePhase(round, nowMs);
  if (isBetweenRounds && !round) phase = 'waiting';
  if (!isConnected) phase = 'reconnecting';

  // Between rounds, or a crash with no news of the next round (a missed push): ask the server again.
  const { refetch, isFetching } = roundQuery;
  const lastRetryRef = useRef(0);
  useEffect(() => {
    if (isFetching) return;
    const isStale =
      (roundQuery.isError && !round) ||
      (round?.crashAtMs !== null && round?.crashAtMs !== undefined && nowMs - round.crashAtMs > STALE_ROUND_MS);
    if (!isStale) return;
    if (Date.now() - lastRetryRef.current < WAITING_RETRY_MS) return;
    lastRetryRef.current = Date.now();
    void refetch();
  }, [round, nowMs, isFetching, refetch, roundQuery.isError]);

  const bettingStartsAtMs = round?.bettingStartsAtMs ?? 0;
  const flyingAtMs = round?.flyingAtMs ?? 0;
  const crashPointX100 = round?.crashPointX100 ?? null;
  useLayoutEffect(() => {
    snapshotRef.current = { phase, bettingStartsAtMs, flyingAtMs, crashPointX100 };
  }, [phase, bettingStartsAtMs, flyingAtMs, crashPointX100]);

  const roundId = round?.roundId;
  const live = useMemo(() => combineLiveBets(roundBetsQuery.data, roundId, liveBets), [roundBetsQuery.data, roundId, liveBets]);

  return { round, phase, nowMs, snapshotRef, feed, live, pushedCashouts, refreshAll };
}

/** Pushed bets and cash-outs by bet id; a cash-out of a bet this screen never saw placed has no stake (''). */
function mergeActivity(current: LiveBet[], items: ActivityItem[]): LiveBet[] {
  let next = current;
  for (const item of items) {
    const known = next.some((bet) => bet.betId === item.betId);
    if (item.kind === 'bet') {
      if (known) continue;
      next = [{ betId: item.betId, player: item.player, amount: item.amount, multiplierX100: null, winAmount: null }, ...next];
    } else if (known) {
      next = next.map((bet) =>
        bet.betId === item.betId ? { ...bet, multiplierX100: item.multiplierX100, winAmount: item.winAmount } : bet,
      );
    } else {
      next = [
        { betId: item.betId, player: item.player, amount: '', multiplierX100: item.multiplierX100, winAmount: item.winAmount },
        ...next,
      ];
    }
  }
  return next.slice(0, PUSHED_BET_LIMIT);
}
