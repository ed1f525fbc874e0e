import { type BigWinGame, type TBigWinsResponse } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { PK_ROOMS, LOTTERY_ROOMS } from '@mayur/rules/lottery-rooms';
import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import type { Clock } from '../../platform/clock.ts';
import { maskedPlayer } from '../games/crash/crash-events.ts';

/** A real win as a game module reports it (wired in app.ts: this module imports no game's reads). */
export type ReportedWin = { userId: number; nickName: string; room: string; amountPaise: bigint; atMs: number };
export type BigWinQuery = { minPaise: bigint; limit: number; sinceMs: number };
export type BigWinSource = (query: BigWinQuery) => Promise<ReportedWin[]>;

/** The smallest win the ticker lists: ₹100. */
export const BIG_WIN_MIN_PAISE = 10_000n;
/** How many wins the ticker lists. */
export const BIG_WIN_LIMIT = 20;
/** How far back a win may be. */
export const BIG_WIN_WINDOW_MS = 24 * 3_600_000;
/** How long one node serves the same answer: every visitor of home asks, the database is asked once per this. */
export const BIG_WINS_CACHE_MS = 5_000;

const PK_ROOM_IDS: ReadonlySet<string> = new Set(PK_ROOMS);

/** The game a room belongs to, as the ticker names it; null for a room no game knows (never listed). */
export function gameOfRoom(room: string): BigWinGame | null {
  if (room in CRASH_ROOMS) return CRASH_ROOMS[room as keyof typeof CRASH_ROOMS].kind === 'aviator' ? 'aviator' : 'crash';
  if (!(room in LOTTERY_ROOMS)) return null;
  if (PK_ROOM_IDS.has(room)) return 'winGoPk';
  return LOTTERY_ROOMS[room as keyof typeof LOTTERY_ROOMS].game === 'wingo' ? 'winGo' : 'bitGame';
}

/**
 * The ticker's read: the newest real wins of every source, merged newest first, masked. The answer is
 * kept for `cacheMs` and callers arriving meanwhile share one read; a failed read is not kept.
 */
export function createBigWinsReader(
  sources: readonly BigWinSource[],
  clock: Clock,
  cacheMs = BIG_WINS_CACHE_MS,
): () => Promise<TBigWinsResponse> {
  let kept: { atMs: number; answer: Promise<TBigWinsResponse> } | null = null;
  const read = async (nowMs: number): Promise<TBigWinsResponse> => {
    const query = { minPaise: BIG_WIN_MIN_PAISE, limit: BIG_WIN_LIMIT, sinceMs: nowMs - BIG_WIN_WINDOW_MS };
    const wins = (await Promise.all(sources.map((source) => source(query)))).flat();
    const list = wins
      .flatMap((win) => {
        const game = gameOfRoom(win.room);
        return game && win.amountPaise >= BIG_WIN_MIN_PAISE ? [{ ...win, game }] : [];
      })
      .sort((a, b) => b.atMs - a.atMs || (b.amountPaise > a.amountPaise ? 1 : b.amountPaise < a.amountPaise ? -1 : 0))
      .slice(0, BIG_WIN_LIMIT)
      .map((win) => ({
        player: maskedPlayer(win.nickName, win.userId),
        game: win.game,
        room: win.room,
        amount: formatMoney(win.amountPaise),
        time: new Date(win.atMs).toISOString(),
      }));
    return { list, minAmount: formatMoney(BIG_WIN_MIN_PAISE) };
  };
  return () => {
    const nowMs = clock.now().getTime();
    if (kept && nowMs - kept.atMs < cacheMs) return kept.answer;
    const entry = { atMs: nowMs, answer: read(nowMs) };
    kept = entry;
    entry.answer.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.answer;
  };
}
