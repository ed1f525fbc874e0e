import { type TLotteryBet } from '@mayur/contracts';
import type { LotteryRoom } from '@mayur/rules/lottery-rooms';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../../platform/context.ts';
import type { Db, Tx } from '../../../platform/db/db.ts';
import { GroupCommitLane } from '../../../platform/group-commit.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerBalances, houseAccountId, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postEach, type TransferInput, type TransferOutcome } from '../../wallet/ledger.ts';
import { findCashAccountIds } from '../../wallet/player-cash-accounts.ts';
import { toBetView, type BetRow } from './bet-view.ts';

// The plumbing of the lottery's group commit (decision 0015): the set-based statements that apply a
// batch of bets in one transaction. What each bet is answered is decided in place-bet.ts.

export type BetInput = {
  room: LotteryRoom;
  period: string;
  selection: string;
  contractMoneyPaise: bigint;
  contractCount: number;
  /** Names the request: a retry with the same key returns the first bet instead of placing another. */
  requestKey?: string | undefined;
};

/** A bet as it waits for the node's group commit: checked against the rules, priced, and timed. */
export type LotteryBetRequest = {
  userId: number;
  bet: BetInput;
  stakePaise: bigint;
  feePaise: bigint;
  receivedAtMs: number;
};

export type PlacedLotteryBet = { bet: TLotteryBet; balance: string };

export type RoundRow = { id: bigint; room: string; period: string; state: string; betting_closes_at: Date };

export type StoredBet = BetRow & { room: string; period: string; user_id: number; request_key: string };

/** A request with its place in the batch, which is where its answer goes. */
export type Indexed = { request: LotteryBetRequest; index: number };

/** A bet answered before its balance is known (null: the player's balance now, read at the end). */
type PlacedRow = { row: BetRow & { room: string; period: string }; balance: bigint | null };
export type Pending = PlacedRow | AppError;

const STORED_BET_COLUMNS = `b.id, r.room, r.period, b.user_id, b.request_key, b.selection, b.contract_money_paise,
  b.contract_count, b.stake_paise, b.fee_paise, b.delivery_paise, b.created_at, r.state as round_state, r.result_number,
  r.result_digits`;

export const roundKey = (room: string, period: string) => `${room}|${period}`;
export const requestIdentity = (userId: number, requestKey: string) => `${userId}|${requestKey}`;
/** A player's account shard of a room: the room's house account is sharded by player. */
const roomShardKey = (room: string, userId: number) => `${room}|${userId}`;

/** Where the stakes of a batch go: the fees account, and each player's shard of their room's account. */
export type StakeAccounts = { feesAccountId: number; roomAccountOf(request: LotteryBetRequest): number };

/** Looked up before the batch's transaction opens (house account ids never change once created). */
export async function findStakeAccounts(db: Db, requests: readonly LotteryBetRequest[]): Promise<StakeAccounts> {
  const feesAccountId = await houseAccountId(db, 'fees');
  const roomAccounts = new Map<string, number>();
  for (const { bet, userId } of requests) {
    const key = roomShardKey(bet.room, userId);
    if (!roomAccounts.has(key)) roomAccounts.set(key, await shardedHouseAccountId(db, `room:${bet.room}`, userId));
  }
  return {
    feesAccountId,
    roomAccountOf: (request) => roomAccounts.get(roomShardKey(request.bet.room, request.userId))!,
  };
}

const lanes = new WeakMap<AppContext, GroupCommitLane<LotteryBetRequest, PlacedLotteryBet>>();

/**
 * This node's lane of lottery bets: one per application context, which is one per serving process.
 * Made on first use; it applies each batch with `applyBatch`, the decision of place-bet.ts (the only
 * use case that submits to it).
 */
export function lotteryBetLaneOf(
  ctx: AppContext,
  applyBatch: (ctx: AppContext, requests: LotteryBetRequest[]) => Promise<Array<PlacedLotteryBet | AppError>>,
): GroupCommitLane<LotteryBetRequest, PlacedLotteryBet> {
  let lane = lanes.get(ctx);
  if (!lane) {
    lane = new GroupCommitLane(ctx.config.groupCommit, (requests) => applyBatch(ctx, requests));
    lanes.set(ctx, lane);
  }
  return lane;
}

export async function lockRounds(tx: Tx, requests: readonly LotteryBetRequest[]): Promise<Map<string, RoundRow>> {
  const wanted = [...new Map(requests.map(({ bet }) => [roundKey(bet.room, bet.period), bet])).values()];
  const rows = await tx.query<RoundRow>(
    `select id, room, period, state, betting_closes_at from lottery_rounds
     where (room, period) in (select * from unnest($1::text[], $2::text[])) order by id for share`,
    [wanted.map((bet) => bet.room), wanted.map((bet) => bet.period)],
  );
  return new Map(rows.map((row) => [roundKey(row.room, row.period), row]));
}

export async function findStoredBets(tx: Tx, keyed: readonly LotteryBetRequest[]): Promise<Map<string, StoredBet>> {
  if (keyed.length === 0) return new Map();
  const rows = await tx.query<StoredBet>(
    `select ${STORED_BET_COLUMNS} from lottery_bets b join lottery_rounds r on r.id = b.round_id
     where (b.user_id, b.request_key) in (select * from unnest($1::integer[], $2::text[]))`,
    [keyed.map((request) => request.userId), keyed.map((request) => request.bet.requestKey!)],
  );
  return new Map(rows.map((row) => [requestIdentity(row.user_id, row.request_key), row]));
}

export type InsertedBet = Indexed & {
  /** The bet's row, or null when another request with the same key was inserted first. */
  row: (BetRow & { room: string; period: string }) | null;
};

/**
 * One statement: every bet gets its id from the table's sequence up front, so each request knows its
 * row; a request key already taken (earlier in this batch, or by another node a moment ago) inserts
 * nothing.
 */
export async function insertBets(
  tx: Tx,
  bets: readonly Indexed[],
  rounds: ReadonlyMap<string, RoundRow>,
): Promise<InsertedBet[]> {
  const rows = await tx.query<{ position: bigint; id: bigint; created_at: Date | null }>(
    `with input as (
       select i.*, nextval(pg_get_serial_sequence('lottery_bets', 'id')) as id
       from unnest($1::bigint[], $2::integer[], $3::text[], $4::bigint[], $5::integer[], $6::bigint[], $7::bigint[], $8::text[])
         with ordinality as i (round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise, request_key, position)
     ), inserted as (
       insert into lottery_bets (id, round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise,
                                 delivery_paise, request_key)
       overriding system value
       select id, round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise,
              stake_paise - fee_paise, request_key
       from input order by position
       on conflict (user_id, request_key) where request_key is not null do nothing
       returning id, created_at
     )
     select i.position, i.id, n.created_at from input i left join inserted n using (id) order by i.position`,
    [
      bets.map(({ request }) => rounds.get(roundKey(request.bet.room, request.bet.period))!.id.toString()),
      bets.map(({ request }) => request.userId),
      bets.map(({ request }) => request.bet.selection),
      bets.map(({ request }) => request.bet.contractMoneyPaise.toString()),
      bets.map(({ request }) => request.bet.contractCount),
      bets.map(({ request }) => request.stakePaise.toString()),
      bets.map(({ request }) => request.feePaise.toString()),
      bets.map(({ request }) => request.bet.requestKey ?? null),
    ],
  );
  return bets.map((indexed, position): InsertedBet => {
    const row = rows[position]!;
    if (row.created_at === null) return { ...indexed, row: null };
    const { bet, stakePaise, feePaise } = indexed.request;
    return {
      ...indexed,
      row: {
        id: row.id,
        room: bet.room,
        period: bet.period,
        selection: bet.selection,
        contract_money_paise: bet.contractMoneyPaise,
        contract_count: bet.contractCount,
        stake_paise: stakePaise,
        fee_paise: feePaise,
        delivery_paise: stakePaise - feePaise,
        created_at: row.created_at,
        round_state: 'open',
        result_number: null,
        result_digits: null,
      },
    };
  });
}

/**
 * The stakes of the inserted bets in one ledger batch: each bet's delivery (to its room's account
 * shard) and fee (Win Go, 2 %, to the fees account) stand or fall together. A bet whose stake is
 * refused never existed: its row goes, in the same transaction.
 */
export async function postStakes(
  tx: Tx,
  inserted: readonly InsertedBet[],
  answers: Array<Pending | null>,
  feesAccountId: number,
  roomAccountOf: (request: LotteryBetRequest) => number,
): Promise<void> {
  const fresh = inserted.filter((item) => item.row !== null);
  if (fresh.length === 0) return;
  const cashAccounts = await findCashAccountIds(
    tx,
    fresh.map((item) => item.request.userId),
  );
  const groups = fresh.map(({ request, row }): TransferInput[] => {
    const reference = `bet:${row!.id}`;
    const cashAccountId = cashAccounts.get(request.userId)!;
    const delivery: TransferInput = {
      idempotencyKey: reference,
      debitAccountId: cashAccountId,
      creditAccountId: roomAccountOf(request),
      amountPaise: request.stakePaise - request.feePaise,
      reason: 'bet',
      reference,
    };
    if (request.feePaise === 0n) return [delivery];
    const fee: TransferInput = {
      idempotencyKey: `fee:${row!.id}`,
      debitAccountId: cashAccountId,
      creditAccountId: feesAccountId,
      amountPaise: request.feePaise,
      reason: 'fee',
      reference,
    };
    return [delivery, fee];
  });
  const outcomes = await postEach(tx, groups);
  const refusedBetIds: bigint[] = [];
  fresh.forEach((item, position) => {
    const group = outcomes[position]!;
    const last = group[group.length - 1]! as TransferOutcome;
    if (last.isPosted) answers[item.index] = { row: item.row!, balance: last.transfer.debitBalanceAfterPaise };
    else {
      answers[item.index] = new AppError(last.code, `stake of lottery bet ${item.row!.id}`);
      refusedBetIds.push(item.row!.id);
    }
  });
  if (refusedBetIds.length > 0) await tx.query('delete from lottery_bets where id = any($1::bigint[])', [refusedBetIds]);
}

/**
 * Every answer with its balance: a new bet's is the balance its stake left; a retry shows the
 * balance as it is now (the only answers that cost a query of their own; retries are rare).
 */
export async function answerWithBalances(
  tx: Tx,
  requests: readonly LotteryBetRequest[],
  answers: ReadonlyArray<Pending | null>,
): Promise<Array<PlacedLotteryBet | AppError>> {
  const balanceNow = new Map<number, bigint>();
  const result: Array<PlacedLotteryBet | AppError> = [];
  for (const [index, answer] of answers.entries()) {
    if (answer === null) throw new Error(`request ${index} of the lottery batch was not answered`);
    if (answer instanceof AppError) {
      result.push(answer);
      continue;
    }
    let balance = answer.balance;
    if (balance === null) {
      const userId = requests[index]!.userId;
      if (!balanceNow.has(userId)) balanceNow.set(userId, (await findPlayerBalances(tx, userId)).cashPaise);
      balance = balanceNow.get(userId)!;
    }
    result.push({ bet: toBetView(answer.row), balance: formatMoney(balance) });
  }
  return result;
}
