import type { CrashRoomId } from '@mayur/contracts/crash-rooms';
import { serverClock } from '../../../shared/lib/server-clock.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { connectionStore, subscribeCrashRoom, type ActivityItem } from './crash-socket.ts';
import { crashApi, crashKeys, type CrashRound } from './crash-api.ts';

export type CrashPhase = 'loading' | 'betting' | 'flying' | 'crashed' | 'waiting' | 'reconnecting';

/** What the canvas loop reads every frame, without React renders. */
export type FlightSnapshot = {
  phase: CrashPhase;
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

/** Live bets of this round: other players' bets and cash-outs, newest activity merged by bet id. */
export type LiveBet = { betId: string; player: string; amount: string; multiplierX100: number | null; winAmount: string | null };
const LIVE_BET_LIMIT = 50;
/** Without news of the next round after a crash, ask the server again after this long. */
const STALE_ROUND_MS = 5_000;
const WAITING_RETRY_MS = 1_000;

export type CrashRoundView = {
  round: CrashRound | undefined;
  phase: CrashPhase;
  nowMs: number;
  snapshotRef: React.RefObject<FlightSnapshot>;
  feed: FrameFeed;
  liveBets: LiveBet[];
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
  const [pushedCashouts, setPushedCashouts] = useState<Map<string, { multiplierX100: number; winAmount: string }>>(new Map());
  const [feed] = useState(createFrameFeed);
  const snapshotRef = useRef<FlightSnapshot>({ phase: 'loading', flyingAtMs: 0, crashPointX100: null });

  const refreshBets = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: crashKeys.myBets(token, room) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
  }, [queryClient, room, token]);

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: crashKeys.round(room) });
    void queryClient.invalidateQueries({ queryKey: crashKeys.history(room) });
    refreshBets();
  }, [queryClient, room, refreshBets]);

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
    [queryClient, room, refreshAll, refreshBets],
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

  const flyingAtMs = round?.flyingAtMs ?? 0;
  const crashPointX100 = round?.crashPointX100 ?? null;
  useLayoutEffect(() => {
    snapshotRef.current = { phase, flyingAtMs, crashPointX100 };
  }, [phase, flyingAtMs, crashPointX100]);

  return { round, phase, nowMs, snapshotRef, feed, liveBets, pushedCashouts, refreshAll };
}

function mergeActivity(current: LiveBet[], items: ActivityItem[]): LiveBet[] {
  let next = current;
  for (const item of items) {
    if (item.kind === 'bet') {
      if (next.some((bet) => bet.betId === item.betId)) continue;
      next = [{ betId: item.betId, player: item.player, amount: item.amount, multiplierX100: null, winAmount: null }, ...next];
    } else {
      next = next.map((bet) =>
        bet.betId === item.betId ? { ...bet, multiplierX100: item.multiplierX100, winAmount: item.winAmount } : bet,
      );
    }
  }
  return next.slice(0, LIVE_BET_LIMIT);
}
