import { CRASH_ROUND_BETS_LIMIT, type TCrashRoundBetsResponse } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Queryable } from '../../../platform/db/db.ts';
import { maskedPlayer } from './crash-events.ts';
import { findLatestRound } from './crash-round-row.ts';

type RoundBetRow = {
  id: bigint;
  user_id: number;
  nick_name: string;
  stake_paise: bigint;
  status: string;
  cashout_x100: number | null;
  win_paise: bigint;
};

/**
 * Every real bet in the room's newest round, as the live list shows them: masked player, stake and,
 * once cashed out, the multiplier and win. Cancelled bets are not in the round. Nothing secret is
 * shown: while a round flies only manual cash-outs (already pushed to every watcher) are cashed out;
 * automatic ones are paid at the crash. Totals count every bet, the list at most CRASH_ROUND_BETS_LIMIT.
 */
export async function findRoundBets(db: Queryable, room: CrashRoomId): Promise<TCrashRoundBetsResponse> {
  const round = await findLatestRound(db, room);
  if (!round) return { roundId: null, list: [], players: 0, totalStake: formatMoney(0n) };
  const rows = await db.query<RoundBetRow>(
    `select b.id, b.user_id, u.nick_name, b.stake_paise, b.status, b.cashout_x100, b.win_paise
     from crash_bets b join users u on u.id = b.user_id
     where b.round_id = $1 and b.status <> 'cancelled'
     order by b.win_paise desc, b.stake_paise desc, b.id desc limit $2`,
    [round.id, CRASH_ROUND_BETS_LIMIT],
  );
  const [totals] = await db.query<{ players: bigint; total_stake_paise: bigint | null }>(
    `select count(distinct user_id) as players, sum(stake_paise) as total_stake_paise
     from crash_bets where round_id = $1 and status <> 'cancelled'`,
    [round.id],
  );
  return {
    roundId: String(round.id),
    list: rows.map((row) => {
      const isCashedOut = row.status === 'cashed_out' && row.cashout_x100 !== null;
      return {
        betId: String(row.id),
        player: maskedPlayer(row.nick_name, row.user_id),
        amount: formatMoney(row.stake_paise),
        multiplierX100: isCashedOut ? row.cashout_x100 : null,
        winAmount: isCashedOut ? formatMoney(row.win_paise) : null,
      };
    }),
    players: Number(totals?.players ?? 0n),
    totalStake: formatMoney(BigInt(totals?.total_stake_paise ?? 0n)),
  };
}
