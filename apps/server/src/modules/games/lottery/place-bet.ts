import {
  formatMoney,
  LOTTERY_MIN_BET_PAISE,
  LOTTERY_ROOMS,
  lotteryStakeProblem,
  wingoFeePaise,
  type LotteryRoom,
  type TLotteryBet,
} from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerAccounts, findPlayerBalances, houseAccountId, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { toBetView, type BetRow } from './bet-view.ts';

export type BetInput = {
  room: LotteryRoom;
  period: string;
  selection: string;
  contractMoneyPaise: bigint;
  contractCount: number;
  /** Names the request: a retry with the same key returns the first bet instead of placing another. */
  requestKey?: string | undefined;
};

class RequestAlreadyTaken extends Error {}

/** The bet a request key already placed, if any; the same key with other content is refused. */
async function replayedBet(
  db: Queryable,
  userId: number,
  bet: BetInput,
): Promise<(BetRow & { room: string; period: string }) | null> {
  if (!bet.requestKey) return null;
  const rows = await db.query<BetRow & { room: string; period: string }>(
    `select b.id, r.room, r.period, b.selection, b.contract_money_paise, b.contract_count, b.stake_paise, b.fee_paise,
            b.delivery_paise, b.created_at, r.state as round_state, r.result_number, r.result_digits
     from lottery_bets b join lottery_rounds r on r.id = b.round_id
     where b.user_id = $1 and b.request_key = $2`,
    [userId, bet.requestKey],
  );
  const existing = rows[0];
  if (!existing) return null;
  const isSame =
    existing.room === bet.room &&
    existing.period === bet.period &&
    existing.selection === bet.selection &&
    existing.contract_money_paise === bet.contractMoneyPaise &&
    existing.contract_count === bet.contractCount;
  if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT', `request key ${bet.requestKey} was used for another bet`);
  return existing;
}

/**
 * Takes a bet on an open period. The decision uses the round's row and this server's clock only, so
 * any node can take it; the round row is share-locked, so settlement (which updates it) waits for
 * every bet already in flight. The stake leaves the player's cash at once: the delivery to the room's
 * account shard, the fee (Win Go, 2 %) to the fees account.
 */
export async function placeBet(ctx: AppContext, userId: number, bet: BetInput): Promise<{ bet: TLotteryBet; balance: string }> {
  const stakePaise = bet.contractMoneyPaise * BigInt(bet.contractCount);
  const { maxBetPaise } = ctx.config.lottery;
  const stakeProblem = lotteryStakeProblem(stakePaise, maxBetPaise);
  if (stakeProblem === 'BET_TOO_SMALL')
    throw new AppError(stakeProblem, `stake ${stakePaise} under ${LOTTERY_MIN_BET_PAISE}`, { field: 'contractMoney' });
  if (stakeProblem) throw new AppError(stakeProblem, `stake ${stakePaise} over ${maxBetPaise}`);
  const feePaise = LOTTERY_ROOMS[bet.room].game === 'wingo' ? wingoFeePaise(stakePaise) : 0n;
  const deliveryPaise = stakePaise - feePaise;
  const replayed = await replayedBet(ctx.db, userId, bet);
  if (replayed) return { bet: toBetView(replayed), balance: formatMoney((await findPlayerBalances(ctx.db, userId)).cashPaise) };
  const roomAccountId = await shardedHouseAccountId(ctx.db, `room:${bet.room}`, userId);
  const feesAccountId = await houseAccountId(ctx.db, 'fees');

  const row = await ctx.db
    .transaction(async (tx) => {
      const rounds = await tx.query<{ id: bigint; state: string; betting_closes_at: Date }>(
        'select id, state, betting_closes_at from lottery_rounds where room = $1 and period = $2 for share',
        [bet.room, bet.period],
      );
      const round = rounds[0];
      if (!round) throw new AppError('PERIOD_UNKNOWN', `no period ${bet.period} in ${bet.room}`, { field: 'period' });
      if (round.state !== 'open' || round.betting_closes_at.getTime() <= ctx.clock.now().getTime()) {
        throw new AppError('BETTING_CLOSED', `period ${bet.period} closed at ${round.betting_closes_at.toISOString()}`);
      }
      const [inserted] = await tx.query<Omit<BetRow, 'round_state' | 'result_number' | 'result_digits'>>(
        `insert into lottery_bets (round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise, delivery_paise, request_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (user_id, request_key) where request_key is not null do nothing
       returning id, selection, contract_money_paise, contract_count, stake_paise, fee_paise, delivery_paise, created_at`,
        [
          round.id,
          userId,
          bet.selection,
          bet.contractMoneyPaise,
          bet.contractCount,
          stakePaise,
          feePaise,
          deliveryPaise,
          bet.requestKey ?? null,
        ],
      );
      // A parallel retry with the same key committed first: roll back and answer with its bet.
      if (!inserted) throw new RequestAlreadyTaken();
      const accounts = await findPlayerAccounts(tx, userId);
      const reference = `bet:${inserted!.id}`;
      await postTransfer(tx, {
        idempotencyKey: reference,
        debitAccountId: accounts.cashAccountId,
        creditAccountId: roomAccountId,
        amountPaise: deliveryPaise,
        reason: 'bet',
        reference,
      });
      if (feePaise > 0n) {
        await postTransfer(tx, {
          idempotencyKey: `fee:${inserted!.id}`,
          debitAccountId: accounts.cashAccountId,
          creditAccountId: feesAccountId,
          amountPaise: feePaise,
          reason: 'fee',
          reference,
        });
      }
      return inserted!;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof RequestAlreadyTaken)) throw error;
      return null;
    });
  if (row === null) {
    const first = await replayedBet(ctx.db, userId, bet);
    return { bet: toBetView(first!), balance: formatMoney((await findPlayerBalances(ctx.db, userId)).cashPaise) };
  }
  const balances = await findPlayerBalances(ctx.db, userId);
  ctx.log.info(
    { userId, room: bet.room, period: bet.period, betId: String(row.id), stakePaise: String(stakePaise) },
    'bet placed',
  );
  return {
    bet: toBetView({ ...row, room: bet.room, period: bet.period, round_state: 'open', result_number: null, result_digits: null }),
    balance: formatMoney(balances.cashPaise),
  };
}
