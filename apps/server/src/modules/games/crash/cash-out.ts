import { crashRoomWinPaise, formatMoney, type CrashRoomId } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerAccounts, findPlayerBalances } from '../../wallet/accounts.ts';
import { houseAccountOfBet } from './crash-bet-account.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { decideCashout } from './crash-engine.ts';
import { findCrashBet, toCrashBetView } from './crash-bet-view.ts';
import { CRASH_ROUND_COLUMNS, toEngineRound, type CrashRoundRow } from './crash-round-row.ts';

const REFUSAL = {
  'not-flying': 'CASHOUT_NOT_FLYING',
  crashed: 'CASHOUT_TOO_LATE',
  'already-cashed-out': 'ALREADY_CASHED_OUT',
} as const;

/**
 * A manual cash-out at the multiplier of the moment this server received it, decided from the round's
 * row only (any node can take it). One guarded UPDATE (on the status read) makes it happen at most once.
 */
export async function cashOut(ctx: AppContext, userId: number, betId: bigint, receivedAtMs: number) {
  const houseId = await houseAccountOfBet(ctx, userId, betId);
  const result = await ctx.db.transaction(async (tx) => {
    const bets = await tx.query<{
      round_id: bigint | null;
      room: CrashRoomId;
      stake_paise: bigint;
      auto_cashout_x100: number | null;
      status: string;
    }>('select round_id, room, stake_paise, auto_cashout_x100, status from crash_bets where id = $1 and user_id = $2', [
      betId,
      userId,
    ]);
    const bet = bets[0];
    if (!bet) throw new AppError('BET_UNKNOWN', `bet ${betId} for user ${userId}`);
    if (bet.status === 'cashed_out') throw new AppError('ALREADY_CASHED_OUT', `bet ${betId}`);
    // A cash-out received before the crash wins even when settlement committed first and marked the bet
    // lost: the receive time decides (DESIGN.md §5), not which transaction reached the database first.
    // Only a lost bet qualifies; a refunded bet of a void round has its stake back already.
    const isDecidable = bet.status === 'open' || bet.status === 'lost';
    if (!isDecidable || bet.round_id === null)
      throw new AppError(bet.status === 'queued' ? 'CASHOUT_NOT_FLYING' : 'CASHOUT_TOO_LATE', `bet ${betId} is ${bet.status}`);
    const [round] = await tx.query<CrashRoundRow>(`select ${CRASH_ROUND_COLUMNS} from crash_rounds where id = $1 for share`, [
      bet.round_id,
    ]);
    const decision = decideCashout(
      toEngineRound(round!),
      { stakePaise: bet.stake_paise, autoCashoutX100: bet.auto_cashout_x100, cashedOutX100: null },
      receivedAtMs,
    );
    if (!decision.isAccepted) throw new AppError(REFUSAL[decision.reason], `bet ${betId} at ${receivedAtMs}`);
    // The rule the bet panel shows live: floor(stake × m), capped at the room's maximum win.
    const win = crashRoomWinPaise(bet.room, bet.stake_paise, decision.multiplierX100);
    const updated = await tx.query(
      "update crash_bets set status = 'cashed_out', cashout_x100 = $2, win_paise = $3 where id = $1 and status = $4 returning id",
      [betId, decision.multiplierX100, win, bet.status],
    );
    if (updated.length === 0) throw new AppError('ALREADY_CASHED_OUT', `bet ${betId} changed meanwhile`);
    const accounts = await findPlayerAccounts(tx, userId);
    await postTransfer(tx, {
      idempotencyKey: `crash-win:${betId}`,
      debitAccountId: houseId,
      creditAccountId: accounts.cashAccountId,
      amountPaise: win,
      reason: 'payout',
      reference: `crash-bet:${betId}`,
    });
    return { multiplierX100: decision.multiplierX100, win, room: bet.room };
  });
  const balances = await findPlayerBalances(ctx.db, userId);
  return {
    bet: toCrashBetView(await findCrashBet(ctx.db, betId)),
    multiplierX100: result.multiplierX100,
    winAmount: formatMoney(result.win),
    balance: formatMoney(balances.cashPaise),
    room: result.room,
  };
}
