import assert from 'node:assert/strict';
import { type TCrashBet } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { postEach, type TransferInput, type TransferOutcome } from '../../wallet/ledger.ts';
import { findPlayerBalances } from '../../wallet/accounts.ts';
import { findCashAccountIds } from '../../wallet/player-cash-accounts.ts';
import { refuseProtectedBets as refuseProtectedStakes } from '../../protection/enforce-protection.ts';
import type { RoomHouseAccounts } from './crash-bet-account.ts';
import { CRASH_BET_COLUMNS, REVEALED_CRASH_POINT, toCrashBetView, type CrashBetRow } from './crash-bet-view.ts';
import { maskedPlayer } from './crash-events.ts';
import { CRASH_ROUND_COLUMNS, type CrashRoundRow } from './crash-round-row.ts';

export type CrashBetInput = {
  room: CrashRoomId;
  stakePaise: bigint;
  autoCashoutX100: number | null;
  slot: 1 | 2;
  /** Names the request: a retry with the same key returns the first bet. */
  requestKey?: string | undefined;
};

export type BetBatchRequest =
  | { kind: 'bet'; userId: number; input: CrashBetInput; receivedAtMs: number }
  | { kind: 'cancel'; userId: number; betId: bigint; receivedAtMs: number };

export type PlacedCrashBet = {
  bet: TCrashBet;
  balance: string;
  /** The player as the live list shows them; null for a retry answered with the bet placed before. */
  newBetPlayerName: string | null;
};

export type CancelledCrashBet = { bet: TCrashBet; balance: string };

export type BetRequest = Extract<BetBatchRequest, { kind: 'bet' }>;
export type CancelRequest = Extract<BetBatchRequest, { kind: 'cancel' }>;

type InsertedBet = CrashBetRow & { user_id: number; request_key: string | null; nick_name: string };
/** A bet placed before, found by its request key. */
export type StoredBet = CrashBetRow & { user_id: number; request_key: string | null };
/** A bet a cancel names, as the batch read (and locked) it, with its round's take-off if it has a round. */
export type CancelCandidate = CrashBetRow & { user_id: number; flying_at: Date | null };
type CancelledRow = CrashBetRow & { user_id: number };

/** The decisions the batch applies, each stated in its use case: place-crash-bet.ts and cancel-crash-bet.ts. */
export type BetLaneRules = {
  /** Whether a bet received at `receivedAtMs` joins the live round (else it is queued for the next one). */
  joinsLiveRound(round: CrashRoundRow, receivedAtMs: number): boolean;
  /** A bet whose row was not inserted: null when it repeats `first` (the bet of its request key), else its refusal. */
  refuseUnplacedBet(request: BetRequest, first: StoredBet | undefined): AppError | null;
  /** Null when the bet may be cancelled at the moment the request was received, else the refusal. */
  refuseCancel(bet: CancelCandidate | undefined, request: CancelRequest): AppError | null;
};

type Answer = PlacedCrashBet | CancelledCrashBet | AppError;

/** What the money step must do for one request, and how its outcome becomes the answer. */
type Posting = {
  index: number;
  userId: number;
  transfer(cashAccountId: number): TransferInput;
  answer(outcome: TransferOutcome): Answer;
  /** A bet inserted by this batch, deleted again when its stake is refused. */
  newBetId?: bigint;
  /** The new bet's stake, which player protection counts. */
  stakePaise?: bigint;
  /** A retry of a bet placed by an earlier batch: it is answered with the player's balance now. */
  isEarlierBet?: boolean;
};

/** Which requests name the same bet: same player, room, slot and request key (or none). */
function betIdentity(room: string, userId: number, slot: number, requestKey: string | null): string {
  return `${room}|${userId}|${slot}|${requestKey ?? ''}`;
}

/**
 * Applies a batch of bets and cancels in one transaction of set-based statements and answers each on
 * its own, by `rules` (the decisions of place-crash-bet.ts and cancel-crash-bet.ts): a bet joins the
 * live round or is queued for the next; it is refused when its slot is taken, its player is protected
 * from it, or its player's balance (as the earlier requests of the batch left it) is too small; a
 * repeated request key answers the first bet. Cancels come first, so a slot freed and taken again in
 * one batch keeps the order players see.
 */
export async function applyBetBatch(
  ctx: AppContext,
  houseAccounts: RoomHouseAccounts,
  requests: readonly BetBatchRequest[],
  rules: BetLaneRules,
): Promise<Answer[]> {
  return ctx.db.transaction(async (tx) => {
    const answers: Array<Answer | null> = requests.map(() => null);
    const postings: Posting[] = [];
    const cancels = requests.flatMap((request, index) => (request.kind === 'cancel' ? [{ request, index }] : []));
    const bets = requests.flatMap((request, index) => (request.kind === 'bet' ? [{ request, index }] : []));
    if (cancels.length > 0) postings.push(...(await cancelBets(tx, houseAccounts, cancels, answers, rules)));
    const mirrors = bets.length > 0 ? await insertBets(tx, houseAccounts, bets, answers, postings, rules) : [];
    const protectedBetIds = await refuseProtectedBets(tx, ctx.clock.now(), postings, answers);

    const cashAccounts =
      postings.length === 0
        ? new Map<number, number>()
        : await findCashAccountIds(
            tx,
            postings.map((posting) => posting.userId),
          );
    const outcomes = await postEach(
      tx,
      postings.map((posting) => posting.transfer(cashAccounts.get(posting.userId)!)),
    );
    const refusedBetIds: bigint[] = [...protectedBetIds];
    postings.forEach((posting, position) => {
      const outcome = outcomes[position]!;
      answers[posting.index] = posting.answer(outcome);
      if (!outcome.isPosted && posting.newBetId !== undefined) refusedBetIds.push(posting.newBetId);
    });
    // A bet whose stake could not be taken never existed: its row goes, in the same transaction.
    if (refusedBetIds.length > 0) await tx.query('delete from crash_bets where id = any($1::bigint[])', [refusedBetIds]);
    await answerRetriesWithBalanceNow(tx, postings, answers);
    for (const { index, of } of mirrors) answers[index] = mirrored(answers[of]!);
    answers.forEach((answer, index) => assert(answer !== null, `request ${index} of the batch was not answered`));
    return answers as Answer[];
  });
}

/**
 * Player protection (decision 0022): the bets this batch inserted for players in a time-out or
 * self-exclusion (queued ones for the next round too), or that would pass a loss limit, are answered
 * with their refusal and their postings dropped; their rows are deleted with the refused stakes, so
 * they never existed. One statement locks the protection rows of the batch's players that have any.
 */
async function refuseProtectedBets(tx: Tx, now: Date, postings: Posting[], answers: Array<Answer | null>): Promise<bigint[]> {
  const fresh = postings.filter((posting) => posting.newBetId !== undefined);
  if (fresh.length === 0) return [];
  const refusals = await refuseProtectedStakes(
    tx,
    now,
    fresh.map((posting) => ({ userId: posting.userId, stakePaise: posting.stakePaise! })),
  );
  const refused = new Set<Posting>();
  fresh.forEach((posting, position) => {
    const refusal = refusals[position];
    if (!refusal) return;
    answers[posting.index] = refusal;
    refused.add(posting);
  });
  const kept = postings.filter((posting) => !refused.has(posting));
  postings.splice(0, postings.length, ...kept);
  return [...refused].map((posting) => posting.newBetId!);
}

/**
 * A retry after a timeout shows the balance as it is now, not as it was after the first bet (the only
 * answers that cost a query of their own; retries are rare).
 */
async function answerRetriesWithBalanceNow(tx: Tx, postings: readonly Posting[], answers: Array<Answer | null>): Promise<void> {
  for (const posting of postings) {
    const answer = answers[posting.index];
    if (!posting.isEarlierBet || !answer || answer instanceof AppError) continue;
    const balances = await findPlayerBalances(tx, posting.userId);
    answers[posting.index] = { ...answer, balance: formatMoney(balances.cashPaise) };
  }
}

/** A retry answered within its own batch: the first request's bet, or its refusal. */
function mirrored(answer: Answer): Answer {
  if (answer instanceof AppError) return answer;
  return { ...answer, newBetPlayerName: null };
}

async function cancelBets(
  tx: Tx,
  houseAccounts: RoomHouseAccounts,
  cancels: Array<{ request: CancelRequest; index: number }>,
  answers: Array<Answer | null>,
  rules: BetLaneRules,
): Promise<Posting[]> {
  // One request per bet and player takes part; a later one of the same hears that the bet can no longer
  // be cancelled.
  const firstOfBet = new Map<string, { request: CancelRequest; index: number }>();
  for (const cancel of cancels) {
    const identity = `${cancel.request.betId}|${cancel.request.userId}`;
    if (firstOfBet.has(identity)) answers[cancel.index] = new AppError('BET_NOT_CANCELLABLE', `bet ${cancel.request.betId}`);
    else firstOfBet.set(identity, cancel);
  }
  // Rows are locked in id order, so two nodes' batches over the same bets cannot deadlock on them.
  const taking = [...firstOfBet.values()].sort((x, y) => (x.request.betId < y.request.betId ? -1 : 1));
  const candidates = await tx.query<CancelCandidate>(
    `select ${CRASH_BET_COLUMNS}, b.user_id, r.flying_at, null::integer as revealed_crash_point_x100
     from crash_bets b left join crash_rounds r on r.id = b.round_id
     where b.id = any($1::bigint[]) order by b.id for update of b`,
    [taking.map(({ request }) => request.betId)],
  );
  const byId = new Map(candidates.map((row) => [row.id, row]));
  const cancelling = taking.flatMap(({ request, index }) => {
    const bet = byId.get(request.betId);
    const refusal = rules.refuseCancel(bet, request);
    if (refusal) answers[index] = refusal;
    return refusal ? [] : [{ index, row: { ...bet!, status: 'cancelled' } satisfies CancelledRow }];
  });
  if (cancelling.length > 0)
    await tx.query("update crash_bets set status = 'cancelled' where id = any($1::bigint[])", [
      cancelling.map(({ row }) => row.id),
    ]);
  return cancelling.flatMap(({ row, index }) => {
    return [
      {
        index,
        userId: row.user_id,
        transfer: (cashAccountId: number): TransferInput => ({
          idempotencyKey: `crash-cancel:${row.id}`,
          debitAccountId: houseAccounts(row.room as CrashRoomId, row.user_id),
          creditAccountId: cashAccountId,
          amountPaise: row.stake_paise,
          reason: 'refund',
          reference: `crash-bet:${row.id}`,
        }),
        answer(outcome: TransferOutcome): Answer {
          // The house never refuses, and the bet was open or queued a moment ago: its refund is due once.
          assert(outcome.isPosted, `refund of cancelled bet ${row.id} refused`);
          return { bet: toCrashBetView(row), balance: formatMoney(outcome.transfer.creditBalanceAfterPaise) };
        },
      },
    ];
  });
}

/**
 * Inserts every bet of the batch in one statement (rows in a fixed order, so that two nodes inserting
 * the same player's bets cannot deadlock on the unique indexes) and prepares each one's stake transfer.
 * Returns the retries to be answered like an earlier request of the same batch.
 */
async function insertBets(
  tx: Tx,
  houseAccounts: RoomHouseAccounts,
  bets: Array<{ request: BetRequest; index: number }>,
  answers: Array<Answer | null>,
  postings: Posting[],
  rules: BetLaneRules,
): Promise<Array<{ index: number; of: number }>> {
  const rooms = [...new Set(bets.map(({ request }) => request.input.room))];
  // Locked: the rounds cannot be settled or replaced while these bets join them. `for key share`, as
  // in crash-cash-out-batch.ts: the take-off step's UPDATE need not wait for the betting window's tail.
  const live = await tx.query<CrashRoundRow>(
    `select ${CRASH_ROUND_COLUMNS} from crash_rounds where room = any($1::text[]) and state = 'live' for key share`,
    [rooms],
  );
  const liveByRoom = new Map(live.map((round) => [round.room, round]));
  const placements = bets.map(({ request }) => {
    const round = liveByRoom.get(request.input.room);
    const joinsRound = round !== undefined && rules.joinsLiveRound(round, request.receivedAtMs);
    return { roundId: joinsRound ? round.id : null, status: joinsRound ? 'open' : 'queued' };
  });
  const inserted = await tx.query<InsertedBet>(
    `with input as (
       select * from unnest($1::text[], $2::bigint[], $3::integer[], $4::smallint[], $5::bigint[], $6::integer[], $7::text[], $8::text[])
         with ordinality as i (room, round_id, user_id, slot, stake_paise, auto_cashout_x100, status, request_key, position)
     ), inserted as (
       insert into crash_bets as b (room, round_id, user_id, slot, stake_paise, auto_cashout_x100, status, request_key)
       select room, round_id, user_id, slot, stake_paise, auto_cashout_x100, status, request_key from input
       order by room, user_id, slot, position
       on conflict do nothing
       returning ${CRASH_BET_COLUMNS}, b.user_id, b.request_key
     )
     select b.*, null::integer as revealed_crash_point_x100, u.nick_name from inserted b join users u on u.id = b.user_id`,
    [
      bets.map(({ request }) => request.input.room),
      placements.map((placement) => placement.roundId),
      bets.map(({ request }) => request.userId),
      bets.map(({ request }) => request.input.slot),
      bets.map(({ request }) => request.input.stakePaise.toString()),
      bets.map(({ request }) => request.input.autoCashoutX100),
      placements.map((placement) => placement.status),
      bets.map(({ request }) => request.input.requestKey ?? null),
    ],
  );
  // Among requests naming the same bet, the earliest that did not meet an existing row was inserted.
  const insertedByIdentity = new Map(inserted.map((row) => [betIdentity(row.room, row.user_id, row.slot, row.request_key), row]));
  const insertedBy = new Map<number, InsertedBet>();
  const insertingIndexOfBet = new Map<bigint, number>();
  const left: Array<{ request: BetRequest; index: number }> = [];
  for (const bet of bets) {
    const { input } = bet.request;
    const identity = betIdentity(input.room, bet.request.userId, input.slot, input.requestKey ?? null);
    const row = insertedByIdentity.get(identity);
    if (row && !insertingIndexOfBet.has(row.id)) {
      insertedBy.set(bet.index, row);
      insertingIndexOfBet.set(row.id, bet.index);
    } else left.push(bet);
  }
  for (const [index, row] of insertedBy) {
    postings.push({
      index,
      userId: row.user_id,
      newBetId: row.id,
      stakePaise: row.stake_paise,
      transfer: (cashAccountId) => stakeTransfer(houseAccounts, row, cashAccountId),
      answer: (outcome) => {
        if (!outcome.isPosted) return new AppError(outcome.code, `stake of crash bet ${row.id}`);
        return {
          bet: toCrashBetView(row),
          balance: formatMoney(outcome.transfer.debitBalanceAfterPaise),
          newBetPlayerName: maskedPlayer(row.nick_name, row.user_id),
        };
      },
    });
  }
  return answerLeftBets(tx, houseAccounts, left, insertingIndexOfBet, answers, postings, rules);
}

function stakeTransfer(
  houseAccounts: RoomHouseAccounts,
  row: CrashBetRow & { user_id: number },
  cashAccountId: number,
): TransferInput {
  return {
    idempotencyKey: `crash-bet:${row.id}`,
    debitAccountId: cashAccountId,
    creditAccountId: houseAccounts(row.room as CrashRoomId, row.user_id),
    amountPaise: row.stake_paise,
    reason: 'bet',
    reference: `crash-bet:${row.id}`,
  };
}

/**
 * Bets that were not inserted, answered as `rules.refuseUnplacedBet` decides: a retry of the first bet
 * of its request key (placed by this batch or before) gets that bet's answer.
 */
async function answerLeftBets(
  tx: Tx,
  houseAccounts: RoomHouseAccounts,
  left: Array<{ request: BetRequest; index: number }>,
  insertingIndexOfBet: ReadonlyMap<bigint, number>,
  answers: Array<Answer | null>,
  postings: Posting[],
  rules: BetLaneRules,
): Promise<Array<{ index: number; of: number }>> {
  const keyed = left.filter(({ request }) => request.input.requestKey);
  const stored =
    keyed.length === 0
      ? []
      : await tx.query<StoredBet>(
          `select ${CRASH_BET_COLUMNS}, b.user_id, b.request_key, ${REVEALED_CRASH_POINT}
           from crash_bets b left join crash_rounds r on r.id = b.round_id
           where (b.user_id, b.request_key) in (select * from unnest($1::integer[], $2::text[]))`,
          [keyed.map(({ request }) => request.userId), keyed.map(({ request }) => request.input.requestKey!)],
        );
  const byKey = new Map(stored.map((row) => [`${row.user_id}|${row.request_key}`, row]));
  const mirrors: Array<{ index: number; of: number }> = [];
  for (const { request, index } of left) {
    const { input } = request;
    const first = input.requestKey ? byKey.get(`${request.userId}|${input.requestKey}`) : undefined;
    const refusal = rules.refuseUnplacedBet(request, first);
    if (refusal) {
      answers[index] = refusal;
      continue;
    }
    assert(first, `bet request ${index} of the batch is neither refused nor a retry`);
    const of = insertingIndexOfBet.get(first.id);
    if (of !== undefined) {
      mirrors.push({ index, of });
      continue;
    }
    // Placed before: the stake's transfer replays (and would tell the balance right after that bet).
    postings.push({
      index,
      userId: request.userId,
      isEarlierBet: true,
      transfer: (cashAccountId) => stakeTransfer(houseAccounts, first, cashAccountId),
      answer: (outcome) =>
        outcome.isPosted
          ? { bet: toCrashBetView(first), balance: formatMoney(outcome.transfer.debitBalanceAfterPaise), newBetPlayerName: null }
          : new AppError(outcome.code, `request key ${input.requestKey}`),
    });
  }
  return mirrors;
}
