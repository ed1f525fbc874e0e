import assert from 'node:assert/strict';
import { type TCrashBet } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { postEach } from '../../wallet/ledger.ts';
import { findCashAccountIds } from '../../wallet/player-cash-accounts.ts';
import type { RoomHouseAccounts } from './crash-bet-account.ts';
import { maskedPlayer } from './crash-events.ts';

export type CashOutRequest = { userId: number; betId: bigint; receivedAtMs: number };

export type CashedOut = {
  bet: TCrashBet;
  multiplierX100: number;
  winAmount: string;
  balance: string;
  room: CrashRoomId;
  /** The player as the live list shows them. */
  playerName: string;
};

/** A bet as a cash-out reads it, with its round (locked) when it has one. */
export type BetWithRound = {
  id: bigint;
  user_id: number;
  room: CrashRoomId;
  round_id: bigint | null;
  slot: number;
  stake_paise: bigint;
  auto_cashout_x100: number | null;
  status: TCrashBet['status'];
  created_at: Date;
  nick_name: string;
  crash_point_x100: number | null;
  betting_starts_at: Date | null;
  flying_at: Date | null;
  crash_at: Date | null;
  next_round_at: Date | null;
  round_state: 'live' | 'settled' | null;
};

/** What the rule of a cash-out decides: the multiplier it is paid at and the win, or its refusal. */
export type CashOutDecision = { multiplierX100: number; winPaise: bigint };

/**
 * The rule of a manual cash-out (cash-out.ts), for one request: the request's bet as this batch read it
 * (undefined when there is none), and the bets the batch accepted a cash-out of already.
 */
export type CashOutRule = (
  bet: BetWithRound | undefined,
  request: CashOutRequest,
  acceptedBetIds: ReadonlySet<bigint>,
) => CashOutDecision | AppError;

type Accepted = { index: number; bet: BetWithRound } & CashOutDecision;

/**
 * Applies a batch of manual cash-outs in one transaction and answers each on its own, as `decide` (the
 * rule of cash-out.ts) decides it from the bet's and round's rows, so any node may take any request:
 * the rounds are key-share-locked (settlement, `for update`, waits and is waited for; the take-off
 * step's UPDATE of a plain column does not wait), and the bet is cashed out by one guarded UPDATE on
 * `status in ('open', 'lost')`, so it is paid at most once however many requests race on however many
 * nodes. A lost bet qualifies because its cash-out may have been received before the crash and reached
 * the database after settlement (decision 0011).
 */
export async function applyCashOutBatch(
  ctx: AppContext,
  houseAccounts: RoomHouseAccounts,
  requests: readonly CashOutRequest[],
  decide: CashOutRule,
): Promise<Array<CashedOut | AppError>> {
  return ctx.db.transaction(async (tx) => {
    const bets = await readBets(tx, requests);
    const answers: Array<CashedOut | AppError | null> = [];
    const accepted: Accepted[] = [];
    const acceptedBetIds = new Set<bigint>();
    requests.forEach((request, index) => {
      const bet = bets.get(request.betId);
      const decided = decide(bet, request, acceptedBetIds);
      if (decided instanceof AppError) return void answers.push(decided);
      answers.push(null);
      accepted.push({ index, bet: bet!, ...decided });
      acceptedBetIds.add(request.betId);
    });
    if (accepted.length === 0) return answers as Array<CashedOut | AppError>;

    // Rows are taken in id order, so two nodes' batches over the same bets cannot deadlock on them.
    const byBetId = [...accepted].sort((x, y) => (x.bet.id < y.bet.id ? -1 : 1));
    const updated = await tx.query<{ id: bigint }>(
      `update crash_bets b set status = 'cashed_out', cashout_x100 = u.cashout_x100, win_paise = u.win_paise
       from unnest($1::bigint[], $2::integer[], $3::bigint[]) as u (id, cashout_x100, win_paise)
       where b.id = u.id and b.status in ('open', 'lost')
       returning b.id`,
      [byBetId.map((a) => a.bet.id), byBetId.map((a) => a.multiplierX100), byBetId.map((a) => a.winPaise.toString())],
    );
    const cashedOutIds = new Set(updated.map((row) => row.id));
    // Settled meanwhile (an automatic target reached, or a void round refunded): the row decided.
    const paid = accepted.filter((a) => {
      if (!cashedOutIds.has(a.bet.id)) answers[a.index] = new AppError('ALREADY_CASHED_OUT', `bet ${a.bet.id} changed meanwhile`);
      return cashedOutIds.has(a.bet.id);
    });
    if (paid.length === 0) return answers as Array<CashedOut | AppError>;

    const cashAccounts = await findCashAccountIds(
      tx,
      paid.map((a) => a.bet.user_id),
    );
    const outcomes = await postEach(
      tx,
      paid.map((a) => ({
        idempotencyKey: `crash-win:${a.bet.id}`,
        debitAccountId: houseAccounts(a.bet.room, a.bet.user_id),
        creditAccountId: cashAccounts.get(a.bet.user_id)!,
        amountPaise: a.winPaise,
        reason: 'payout' as const,
        reference: `crash-bet:${a.bet.id}`,
      })),
    );
    paid.forEach((a, position) => {
      const outcome = outcomes[position]!;
      // The house never refuses and a bet's win key exists only once it cashed out, which the guarded
      // UPDATE just ruled out: anything else is a broken invariant, and the whole batch rolls back.
      assert(outcome.isPosted, `win of bet ${a.bet.id} refused: ${outcome.isPosted ? '' : outcome.code}`);
      answers[a.index] = {
        bet: cashedOutView(a),
        multiplierX100: a.multiplierX100,
        winAmount: formatMoney(a.winPaise),
        balance: formatMoney(outcome.transfer.creditBalanceAfterPaise),
        room: a.bet.room,
        playerName: maskedPlayer(a.bet.nick_name, a.bet.user_id),
      };
    });
    return answers as Array<CashedOut | AppError>;
  });
}

/**
 * The bets with their rounds, the rounds locked so that settlement cannot run in between. `for key
 * share`, not `for share`: it still conflicts with settlement's `for update`, but not with the take-off
 * step's `update … set flying_announced`, which had to wait for every batch holding the round. Batches
 * overlap in a burst of cash-outs (one per node, several nodes), and PostgreSQL lets a new share lock
 * in beside the held ones while an UPDATE waits: with two batches of one node overlapping, the take-off
 * push came 1–1.6 s late at 10,000 players (decision 0015; crash-batch.int.test.ts).
 */
async function readBets(tx: Tx, requests: readonly CashOutRequest[]): Promise<Map<bigint, BetWithRound>> {
  const rows = await tx.query<BetWithRound>(
    `with rounds as (
       select id, crash_point_x100, betting_starts_at, flying_at, crash_at, next_round_at, state from crash_rounds
       where id in (select round_id from crash_bets where id = any($1::bigint[])) for key share
     )
     select b.id, b.user_id, b.room, b.round_id, b.slot, b.stake_paise, b.auto_cashout_x100, b.status, b.created_at,
            u.nick_name, r.crash_point_x100, r.betting_starts_at, r.flying_at, r.crash_at, r.next_round_at,
            r.state as round_state
     from crash_bets b join users u on u.id = b.user_id left join rounds r on r.id = b.round_id
     where b.id = any($1::bigint[])`,
    [[...new Set(requests.map((request) => request.betId))]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The bet as the batch leaves it, built from what the batch read (no second query). */
function cashedOutView(a: Accepted): TCrashBet {
  return {
    id: String(a.bet.id),
    room: a.bet.room,
    roundId: String(a.bet.round_id),
    slot: a.bet.slot,
    amount: formatMoney(a.bet.stake_paise),
    autoCashoutX100: a.bet.auto_cashout_x100,
    status: 'cashed_out',
    cashoutX100: a.multiplierX100,
    winAmount: formatMoney(a.winPaise),
    crashPointX100: a.bet.round_state === 'settled' ? a.bet.crash_point_x100 : null,
    createTime: a.bet.created_at.toISOString(),
  };
}
