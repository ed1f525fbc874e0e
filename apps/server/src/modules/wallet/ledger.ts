import type { Db, Tx } from '../../platform/db/db.ts';
import { MAX_GROUP_TRANSFERS, postGroup as postGroupInOrder } from './ledger-internals/post-group.ts';
import {
  isKeyRace,
  MAX_EACH_TRANSFER_BATCH,
  MAX_KEY_RACE_ATTEMPTS,
  postEachGroup,
  type PostEachOptions,
  type TransferOutcome,
  type TransferRefusalCode,
} from './ledger-internals/post-each.ts';
import {
  MAX_PAYOUT_ROWS,
  payOutByShard,
  payOutInTransaction,
  preparePayouts,
  type PayoutPosting,
  type PayoutResult,
  type PayoutRow,
  type Payouts,
  type PreparedPayouts,
} from './ledger-internals/pay-out.ts';
import type { PostedTransfer, TransferInput } from './ledger-internals/transfer-input.ts';

// The ledger's one door (decision 0004: balanced, immutable, idempotent by key). Money moves only
// through the three verbs below: nothing else in the server writes transfers, entries or balances, and
// no caller hands the wallet SQL. Each verb has a limit on what one call may carry.
//
// 1. `postGroup`: one group of transfers in the caller's transaction (a single transfer is a group of
//    one). Several transfers in one transaction are one call: two calls would lock accounts in two
//    rounds, and two such transactions with crossing accounts deadlock.
// 2. `postEach`: a group-committed batch, each transfer (or group) posted or refused on its own.
// 3. `payOut`: the house pays players from rows the caller hands over as values, in the caller's
//    transaction or one transaction per house shard (`preparePayouts` resolves them beforehand).
//
// Lock order. A group takes its idempotency keys first (in key order), then its accounts (in id
// order). A batch and a payout take their accounts first (in id order), then their keys. The two
// orders never meet on one key: groups carry deposit, withdrawal, gift, adjustment, bonus and
// provider-rollback keys; batches and payouts carry bet, fee, payout, cash-out, refund, commission and
// provider keys. Locks a caller takes before posting (its own rows, a player's wagering row) come
// before all of these.

export type { PostedTransfer, TransferInput, TransferOutcome, TransferRefusalCode, PostEachOptions };
export type { PayoutPosting, PayoutResult, PayoutRow, Payouts, PreparedPayouts };
export { isKeyRace, MAX_EACH_TRANSFER_BATCH, MAX_GROUP_TRANSFERS, MAX_KEY_RACE_ATTEMPTS, MAX_PAYOUT_ROWS, preparePayouts };

/** Each transfer of a group gets back its own posting, in the order given. */
export type PostedGroup<T extends readonly TransferInput[]> = { -readonly [K in keyof T]: PostedTransfer };

/**
 * Posts one group of transfers (at most MAX_GROUP_TRANSFERS) in the caller's transaction, each exactly
 * once by its idempotency key, all or none: a key posted before with the same content is a replay
 * (`isReplay`, nothing moves), with other content IDEMPOTENCY_CONFLICT; a debit that would overdraw a
 * player account is INSUFFICIENT_BALANCE (or _BONUS) and the caller's transaction rolls back. The moves
 * happen in the order given, so a later debit may use an earlier credit.
 */
export async function postGroup<const T extends readonly TransferInput[]>(tx: Tx, transfers: T): Promise<PostedGroup<T>> {
  return (await postGroupInOrder(tx, transfers)) as PostedGroup<T>;
}

/** A batch item: one transfer, or a group of transfers that stand or fall together. */
export type BatchItem = TransferInput | readonly TransferInput[];

/** The outcome of an item: one for a transfer, one per transfer for a group. */
export type OutcomeOf<T extends BatchItem> = T extends readonly TransferInput[] ? TransferOutcome[] : TransferOutcome;

/**
 * Posts a group-committed batch (at most MAX_EACH_TRANSFER_BATCH transfers) in the caller's
 * transaction: each item is posted, replayed or refused on its own (a group only whole), judged in
 * order against the balances the earlier items left, and answered with its own outcome; one refusal
 * never fails the others. With `isWholeTransaction`, a key committed under the batch by another node
 * aborts the transaction (`isKeyRace`): the caller runs it again, at most MAX_KEY_RACE_ATTEMPTS times.
 */
export async function postEach<T extends BatchItem>(
  tx: Tx,
  items: readonly T[],
  options: PostEachOptions = {},
): Promise<Array<OutcomeOf<T>>> {
  const groups = items.map((item): readonly TransferInput[] => (isGroup(item) ? item : [item]));
  const outcomes = await postEachGroup(tx, groups, options);
  return items.map((item, index) => (isGroup(item) ? outcomes[index]! : outcomes[index]![0]!) as OutcomeOf<T>);
}

const isGroup = (item: BatchItem): item is readonly TransferInput[] => Array.isArray(item);

/**
 * Pays players from a house purpose's shards to their cash: each row's player from their own shard of
 * the purpose. Every row must resolve to both accounts and carry a positive amount and a key of its
 * own; if any does not, nothing is posted and this throws. Keys already posted are replays (same
 * content) or IDEMPOTENCY_CONFLICT. At most MAX_PAYOUT_ROWS rows a call.
 *
 * `{ inTransaction: tx }` posts the rows in the caller's transaction, all accounts locked at once (a
 * crash round's wins with its settlement). `{ byShard: db, connections }` posts payouts prepared by
 * `preparePayouts` one transaction per house shard, several at once: not atomic across shards, each
 * idempotent, so the caller posts them again until this resolves (a lottery round's wins).
 */
export function payOut(posting: { inTransaction: Tx }, payouts: Payouts): Promise<PayoutResult>;
export function payOut(posting: { byShard: Db; connections: number }, payouts: PreparedPayouts): Promise<PayoutResult>;
export function payOut(posting: PayoutPosting, payouts: Payouts | PreparedPayouts): Promise<PayoutResult> {
  if ('inTransaction' in posting) return payOutInTransaction(posting.inTransaction, payouts as Payouts);
  return payOutByShard(posting.byShard, payouts as PreparedPayouts, posting.connections);
}
