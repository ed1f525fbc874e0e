import type { TCrashRoundBetsResponse } from '@mayur/contracts';
import { formatMoney, parseMoney } from '@mayur/rules/money';

/** One real bet of this round as the live list shows it (masked player); `amount` is '' when only its cash-out was seen. */
export type LiveBet = { betId: string; player: string; amount: string; multiplierX100: number | null; winAmount: string | null };

/** The round's bets with their totals: the server's list, brought up to date by the pushed activity. */
export type LiveRound = { bets: LiveBet[]; players: number; totalStake: string };

/** The list shows at most this many rows (the totals still count every bet). */
export const LIVE_BET_LIMIT = 100;

/**
 * The server's list of the round's bets (fetched on opening, on reconnecting, at a new round and after
 * the crash) merged with the bets and cash-outs pushed since: a bet known to either appears once, with
 * its cash-out from whichever knows it. Totals start from the server's (every bet of the round) and add
 * the pushed bets it did not know; a player is told apart by their masked name, the only name pushed.
 */
export function combineLiveBets(
  server: TCrashRoundBetsResponse | undefined,
  roundId: string | undefined,
  pushed: readonly LiveBet[],
): LiveRound {
  const fromServer = server && roundId !== undefined && server.roundId === roundId ? server : undefined;
  const byId = new Map<string, LiveBet>();
  for (const bet of fromServer?.list ?? []) byId.set(bet.betId, bet);
  const knownPlayers = new Set((fromServer?.list ?? []).map((bet) => bet.player));
  let addedStakePaise = 0n;
  const addedPlayers = new Set<string>();
  for (const bet of pushed) {
    const known = byId.get(bet.betId);
    if (known) {
      if (known.multiplierX100 === null && bet.multiplierX100 !== null)
        byId.set(bet.betId, { ...known, multiplierX100: bet.multiplierX100, winAmount: bet.winAmount });
      continue;
    }
    byId.set(bet.betId, bet);
    addedStakePaise += parseMoney(bet.amount) ?? 0n;
    if (!knownPlayers.has(bet.player)) addedPlayers.add(bet.player);
  }
  const bets = [...byId.values()].sort(byWinThenStake).slice(0, LIVE_BET_LIMIT);
  const serverStakePaise = parseMoney(fromServer?.totalStake ?? '0.00') ?? 0n;
  return {
    bets,
    players: (fromServer?.players ?? 0) + addedPlayers.size,
    totalStake: formatMoney(serverStakePaise + addedStakePaise),
  };
}

/** Cashed-out bets first (biggest win first), then the biggest stakes. */
function byWinThenStake(a: LiveBet, b: LiveBet): number {
  const winA = parseMoney(a.winAmount ?? '0.00') ?? 0n;
  const winB = parseMoney(b.winAmount ?? '0.00') ?? 0n;
  if (winA !== winB) return winA > winB ? -1 : 1;
  const stakeA = parseMoney(a.amount) ?? 0n;
  const stakeB = parseMoney(b.amount) ?? 0n;
  if (stakeA !== stakeB) return stakeA > stakeB ? -1 : 1;
  return 0;
}
