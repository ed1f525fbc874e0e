import { formatMoney, type TLotteryBet } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerBalances, houseAccountId, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postEachGroup, type TransferOutcome } from '../../wallet/post-each-transfer.ts';
import type { TransferInput } from '../../wallet/post-transfer.ts';
import { findCashAccountIds } from '../../wallet/player-cash-accounts.ts';
import { refuseProtectedBets as refuseProtectedStakes } from '../../protection/enforce-protection.ts';
import { toBetView, type BetRow } from './bet-view.ts';
import type { BetInput } from './place-bet.ts';

/** A bet as it waits for the node's group commit: checked against the rules, priced, and timed. */
export type LotteryBetRequest = {
  userId: number;
  bet: BetInput;
  stakePaise: bigint;
  feePaise: bigint;
  receivedAtMs: number;
};

export type PlacedLotteryBet = { bet: TLotteryBet; balance: string };

type Answer = PlacedLotteryBet | AppError;

type RoundRow = { id: bigint; room: string; period: string; state: string; betting_closes_at: Date };

type StoredBet = BetRow & { room: string; period: string; user_id: number; request_key: string };

type Indexed = { request: LotteryBetRequest; index: number };

const STORED_BET_COLUMNS = `b.id, r.room, r.period, b.user_id, b.request_key, b.selection, b.contract_money_paise,
  b.contract_count, b.stake_paise, b.fee_paise, b.delivery_paise, b.created_at, r.state as round_state, r.result_number,
  r.result_digits`;

const roundKey = (room: string, period: string) => `${room}|${period}`;
const requestIdentity = (userId: number, requestKey: string) => `${userId}|${requestKey}`;
/** A player's account shard of a room: the room's house account is sharded by player. */
const roomShardKey = (room: string, userId: number) => `${room}|${userId}`;

function isSameBet(stored: StoredBet, bet: BetInput): boolean {
  return (
    stored.room === bet.room &&
    stored.period === bet.period &&
    stored.selection === bet.selection &&
    stored.contract_money_paise === bet.contractMoneyPaise &&
    stored.contract_count === bet.contractCount
  );
}

/**
 * Applies a batch of lottery bets in one transaction of set-based statements and answers each on its
 * own (decision 0015): a bet joins its period when this node received it while the period was open
 * for betting; a repeated request key answers the first bet (or IDEMPOTENCY_CONFLICT with other
 * content), even after betting closed; a stake the player's cash (as the earlier bets of the batch
 * left it) cannot cover is refused and its bet never exists. The rounds are share-locked, so the
 * settlement, which updates them, waits for the whole batch.
 */
export async function applyLotteryBetBatch(ctx: AppContext, requests: readonly LotteryBetRequest[]): Promise<Answer[]> {
  const feesAccountId = await houseAccountId(ctx.db, 'fees');
  const roomAccounts = new Map<string, number>();
  for (const { bet, userId } of requests) {
    const key = roomShardKey(bet.room, userId);
    if (!roomAccounts.has(key)) roomAccounts.set(key, await shardedHouseAccountId(ctx.db, `room:${bet.room}`, userId));
  }
  const roomAccountOf = (request: LotteryBetRequest) => roomAccounts.get(roomShardKey(request.bet.room, request.userId))!;
  return ctx.db.transaction(async (tx) => {
    const answers: Array<Pending | null> = requests.map(() => null);
    const rounds = await lockRounds(tx, requests);
    const stored = await findStoredBets(
      tx,
      requests.filter((request) => request.bet.requestKey),
    );
    const toInsert: Indexed[] = [];
    requests.forEach((request, index) => {
      const { bet } = request;
      const earlier = bet.requestKey ? stored.get(requestIdentity(request.userId, bet.requestKey)) : undefined;
      const round = rounds.get(roundKey(bet.room, bet.period));
      if (earlier) answers[index] = isSameBet(earlier, bet) ? { row: earlier, balance: null } : keyConflict(bet);
      else if (!round)
        answers[index] = new AppError('PERIOD_UNKNOWN', `no period ${bet.period} in ${bet.room}`, { field: 'period' });
      else if (round.state !== 'open' || round.betting_closes_at.getTime() <= request.receivedAtMs)
        answers[index] = new AppError(
          'BETTING_CLOSED',
          `period ${bet.period} closed at ${round.betting_closes_at.toISOString()}`,
        );
      else toInsert.push({ request, index });
    });
    const allowed = await refuseProtectedBets(tx, ctx.clock.now(), toInsert, answers);
    const inserted = allowed.length === 0 ? [] : await insertBets(tx, allowed, rounds);
    await postStakes(tx, inserted, answers, feesAccountId, roomAccountOf);
    await answerRepeatedKeys(tx, inserted, answers);
    for (const { request, row, index } of inserted) {
      if (row && !(answers[index] instanceof AppError))
        ctx.log.info(
          {
            userId: request.userId,
            room: request.bet.room,
            period: request.bet.period,
            betId: String(row.id),
            stakePaise: String(request.stakePaise),
          },
          'bet placed',
        );
    }
    return answerWithBalances(tx, requests, answers);
  });
}

/**
 * Player protection (decision 0022): bets of players in a time-out or self-exclusion, or that would
 * pass a loss limit, are answered with their refusal and never inserted. One statement locks the
 * protection rows of all the batch's players that have any, one more reads their losses.
 */
async function refuseProtectedBets(tx: Tx, now: Date, bets: Indexed[], answers: Array<Pending | null>): Promise<Indexed[]> {
  const refusals = await refuseProtectedStakes(
    tx,
    now,
    bets.map(({ request }) => ({ userId: request.userId, stakePaise: request.stakePaise })),
  );
  return bets.filter((bet, position) => {
    const refusal = refusals[position];
    if (refusal) answers[bet.index] = refusal;
    return !refusal;
  });
}

/** A bet answered before its balance is known (null: the player's balance now, read at the end). */
type PlacedRow = { row: BetRow & { room: string; period: string }; balance: bigint | null };
type Pending = PlacedRow | AppError;

function keyConflict(bet: BetInput): AppError {
  return new AppError('IDEMPOTENCY_CONFLICT', `request key ${bet.requestKey} was used for another bet`);
}

async function lockRounds(tx: Tx, requests: readonly LotteryBetRequest[]): Promise<Map<string, RoundRow>> {
  const wanted = [...new Map(requests.map(({ bet }) => [roundKey(bet.room, bet.period), bet])).values()];
  const rows = await tx.query<RoundRow>(
    `select id, room, period, state, betting_closes_at from lottery_rounds
     where (room, period) in (select * from unnest($1::text[], $2::text[])) order by id for share`,
    [wanted.map((bet) => bet.room), wanted.map((bet) => bet.period)],
  );
  return new Map(rows.map((row) => [roundKey(row.room, row.period), row]));
}

async function findStoredBets(tx: Tx, keyed: readonly LotteryBetRequest[]): Promise<Map<string, StoredBet>> {
  if (keyed.length === 0) return new Map();
  const rows = await tx.query<StoredBet>(
    `select ${STORED_BET_COLUMNS} from lottery_bets b join lottery_rounds r on r.id = b.round_id
     where (b.user_id, b.request_key) in (select * from unnest($1::integer[], $2::text[]))`,
    [keyed.map((request) => request.userId), keyed.map((request) => request.bet.requestKey!)],
  );
  return new Map(rows.map((row) => [requestIdentity(row.user_id, row.request_key), row]));
}

type InsertedBet = Indexed & {
  /** The bet's row, or null when another request with the same key was inserted first. */
  row: (BetRow & { room: string; period: string }) | null;
};

/**
 * One statement: every bet gets its id from the table's sequence up front, so each request knows its
 * row; a request key already taken (earlier in this batch, or by another node a moment ago) inserts
 * nothing.
 */
async function insertBets(tx: Tx, bets: readonly Indexed[], rounds: ReadonlyMap<string, RoundRow>): Promise<InsertedBet[]> {
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
async function postStakes(
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
  const outcomes = await postEachGroup(tx, groups);
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
 * Requests whose key was taken while inserting: a repeat of a bet of this batch gets that bet's
 * answer (its refusal too); one taken by another node a moment ago is read now (the insert waited for
 * that node's commit).
 */
async function answerRepeatedKeys(tx: Tx, inserted: readonly InsertedBet[], answers: Array<Pending | null>): Promise<void> {
  const left = inserted.filter((item) => item.row === null);
  if (left.length === 0) return;
  const firstOfKey = new Map<string, InsertedBet>();
  for (const item of inserted)
    if (item.row) firstOfKey.set(requestIdentity(item.request.userId, item.request.bet.requestKey ?? ''), item);
  const identityOf = (item: InsertedBet) => requestIdentity(item.request.userId, item.request.bet.requestKey!);
  const stored = await findStoredBets(
    tx,
    left.filter((item) => !firstOfKey.has(identityOf(item))).map((item) => item.request),
  );
  for (const item of left) {
    const first = firstOfKey.get(identityOf(item));
    if (first) {
      const firstAnswer = answers[first.index]!;
      if (!isSameRequest(first.request, item.request)) answers[item.index] = keyConflict(item.request.bet);
      else answers[item.index] = firstAnswer instanceof AppError ? firstAnswer : { row: first.row!, balance: null };
      continue;
    }
    const row = stored.get(identityOf(item));
    if (!row) throw new Error(`the bet of request key ${item.request.bet.requestKey} was neither inserted nor found`);
    answers[item.index] = isSameBet(row, item.request.bet) ? { row, balance: null } : keyConflict(item.request.bet);
  }
}

function isSameRequest(a: LotteryBetRequest, b: LotteryBetRequest): boolean {
  return (
    a.bet.room === b.bet.room &&
    a.bet.period === b.bet.period &&
    a.bet.selection === b.bet.selection &&
    a.bet.contractMoneyPaise === b.bet.contractMoneyPaise &&
    a.bet.contractCount === b.bet.contractCount
  );
}

/**
 * Every answer with its balance: a new bet's is the balance its stake left; a retry shows the
 * balance as it is now (the only answers that cost a query of their own; retries are rare).
 */
async function answerWithBalances(
  tx: Tx,
  requests: readonly LotteryBetRequest[],
  answers: ReadonlyArray<Pending | null>,
): Promise<Answer[]> {
  const balanceNow = new Map<number, bigint>();
  const result: Answer[] = [];
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
