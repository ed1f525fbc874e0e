import assert from 'node:assert/strict';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { planEachRun } from '../../platform/db/plan-each-run.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseShardPurposeSql } from './accounts.ts';
import { assertTransferInput, type TransferInput } from './post-transfer.ts';
import type { HousePurpose, TransferReason } from './transfer-reasons.ts';

export type BatchResult = { postedCount: number; replayedCount: number };

export const MAX_BATCH_SIZE = 1_000_000;

const INPUT_COLUMNS = 'idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference';

async function prepareBatchInput(tx: Queryable): Promise<void> {
  await planEachRun(tx);
  await tx.query(
    `create temporary table if not exists batch_input (
       idempotency_key text primary key, debit_account_id integer not null, credit_account_id integer not null,
       amount_paise bigint not null, reason text not null, reference text
     ) on commit drop`,
  );
  await tx.query('truncate batch_input');
}

/** Posts transfers given as values (validated here), atomically. */
export async function postTransfers(tx: Queryable, transfers: readonly TransferInput[]): Promise<BatchResult> {
  if (transfers.length === 0) return { postedCount: 0, replayedCount: 0 };
  if (transfers.length > MAX_BATCH_SIZE) throw new Error(`batch of ${transfers.length} exceeds ${MAX_BATCH_SIZE}`);
  const keys = new Set<string>();
  for (const t of transfers) {
    assertTransferInput(t);
    if (keys.has(t.idempotencyKey)) throw new Error(`idempotency key ${t.idempotencyKey} appears twice in one batch`);
    keys.add(t.idempotencyKey);
  }
  await prepareBatchInput(tx);
  await tx.query(
    `insert into batch_input (${INPUT_COLUMNS}) select * from unnest($1::text[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::text[])`,
    [
      transfers.map((t) => t.idempotencyKey),
      transfers.map((t) => t.debitAccountId),
      transfers.map((t) => t.creditAccountId),
      transfers.map((t) => t.amountPaise.toString()),
      transfers.map((t) => t.reason),
      transfers.map((t) => t.reference ?? null),
    ],
  );
  return postBatchInput(tx);
}

/** Money the house pays players, chosen by a query over the caller's own tables (see postPayoutsFromQuery). */
export type PayoutsFromQuery = {
  /** The house purpose that pays, e.g. `room:wingo-1`; each player is paid from their own shard of it. */
  housePurpose: HousePurpose;
  /** Why the money moves (`payout`, `refund`, …): stored on every transfer. */
  reason: TransferReason;
  /**
   * A select over the caller's own tables (never the ledger's) returning four columns in this order:
   * the idempotency key (text, unique in the selection), the player's user id (integer), the amount in
   * paise (bigint, > 0) and a reference (text or null). It may use `$1 … $n` for `params`.
   */
  selectSql: string;
  params: readonly unknown[];
};

/**
 * Pays players from a house purpose's shards to their cash, for every row a query selects, without
 * bringing the rows into the process: settling a round of a million bets stays a few statements in
 * the database. The wallet resolves each player's cash account and the house shard that player's money
 * lives in (`purpose#<user id mod shards>`, as `shardedHouseAccountId` names it). Every selected row
 * must resolve to both accounts: if any does not (a missing player account or shard), nothing is
 * posted and this throws, so no payout is silently skipped. Keys already posted are replays (same
 * content) or IDEMPOTENCY_CONFLICT; the whole batch is refused if it would overdraw a player account.
 */
export async function postPayoutsFromQuery(tx: Queryable, payouts: PayoutsFromQuery): Promise<BatchResult> {
  const purposeParam = `$${payouts.params.length + 1}::text`;
  const reasonParam = `$${payouts.params.length + 2}::text`;
  await prepareBatchInput(tx);
  const [resolution] = await tx.query<{ selected: bigint; posted: bigint; unresolved: string | null }>(
    `with selected (idempotency_key, user_id, amount_paise, reference) as materialized (${payouts.selectSql}),
     resolved as (
       select s.idempotency_key, s.user_id, s.amount_paise, s.reference,
              house.id as debit_account_id, cash.id as credit_account_id
       from selected s
       left join ledger_accounts cash on cash.user_id = s.user_id and cash.kind = 'cash'
       left join ledger_accounts house on house.purpose = ${houseShardPurposeSql(purposeParam, 's.user_id')}
     ),
     kept as (
       insert into batch_input (${INPUT_COLUMNS})
       select idempotency_key, debit_account_id, credit_account_id, amount_paise, ${reasonParam}, reference
       from resolved where debit_account_id is not null and credit_account_id is not null
       returning 1
     )
     select (select count(*) from selected) as selected, (select count(*) from kept) as posted,
            (select 'user ' || coalesce(user_id::text, 'null') || ': ' || concat_ws(' and ',
                      case when credit_account_id is null then 'no cash account' end,
                      case when debit_account_id is null then 'no house account ' || ${houseShardPurposeSql(purposeParam, 'user_id')} end)
             from resolved where debit_account_id is null or credit_account_id is null
             order by user_id limit 1) as unresolved`,
    [...payouts.params, payouts.housePurpose, payouts.reason],
  );
  if (resolution && resolution.selected !== resolution.posted)
    throw new Error(
      `${resolution.selected - resolution.posted} of ${resolution.selected} ${payouts.reason} transfers from ${payouts.housePurpose} ` +
        `have no account to move between (first: ${resolution.unresolved}); nothing was posted`,
    );
  await assertBatchInputValid(tx);
  return postBatchInput(tx);
}

/** One house shard's payouts as PostgreSQL array literals: they pass through this process unparsed. */
type ShardRows = { debit_account_id: number; keys: string; credit_account_ids: string; amounts: string; reference_list: string };

/**
 * Payouts chosen, resolved to accounts and checked, not posted: what `postPreparedPayouts` posts. They
 * hold no lock and change nothing, so a caller may prepare them before the moment they may be paid.
 */
export type PreparedPayouts = { readonly reason: TransferReason; readonly count: number; readonly shards: readonly ShardRows[] };

/**
 * Reads what a query selects (as for `postPayoutsFromQuery`), resolves each row's cash account and
 * house shard, checks every row, and groups the rows by house shard, in one statement; nothing is
 * posted. A row without an account, or with an amount that is not positive, throws, so a payout is
 * paid in full or not started. The caller's query runs once however many shards there are.
 */
export async function preparePayoutsByShard(db: Db, payouts: PayoutsFromQuery): Promise<PreparedPayouts> {
  const purposeParam = `$${payouts.params.length + 1}::text`;
  // One aggregate node feeds every row to the four array_agg in the same order, so the arrays line up
  // position by position without sorting each of them. Planned for this payout's own size.
  const shards = await db.transaction(async (tx) => {
    await planEachRun(tx);
    return tx.query<ShardRows & { row_count: bigint; unresolved: bigint; invalid: bigint; first_unresolved: string | null }>(
      `with selected (idempotency_key, user_id, amount_paise, reference) as (${payouts.selectSql}),
     resolved as (
       select s.idempotency_key, s.user_id, s.amount_paise, s.reference,
              house.id as debit_account_id, cash.id as credit_account_id
       from selected s
       left join ledger_accounts cash on cash.user_id = s.user_id and cash.kind = 'cash'
       left join ledger_accounts house on house.purpose = ${houseShardPurposeSql(purposeParam, 's.user_id')}
     )
     select debit_account_id, count(*) as row_count,
            count(*) filter (where debit_account_id is null or credit_account_id is null) as unresolved,
            count(*) filter (where amount_paise <= 0 or debit_account_id = credit_account_id) as invalid,
            min('user ' || coalesce(user_id::text, 'null') || ': ' || concat_ws(' and ',
                  case when credit_account_id is null then 'no cash account' end,
                  case when debit_account_id is null then 'no house account ' || ${houseShardPurposeSql(purposeParam, 'user_id')} end))
              filter (where debit_account_id is null or credit_account_id is null) as first_unresolved,
            array_agg(idempotency_key)::text as keys,
            array_agg(credit_account_id)::text as credit_account_ids,
            array_agg(amount_paise)::text as amounts,
            array_agg(reference)::text as reference_list
     from resolved group by debit_account_id`,
      [...payouts.params, payouts.housePurpose],
    );
  });
  let count = 0n;
  let unresolvedCount = 0n;
  let invalidCount = 0n;
  for (const shard of shards) {
    count += shard.row_count;
    unresolvedCount += shard.unresolved;
    invalidCount += shard.invalid;
  }
  const firstUnresolved = shards.find((shard) => shard.unresolved > 0n);
  if (firstUnresolved)
    throw new Error(
      `${unresolvedCount} of ${count} ${payouts.reason} transfers from ${payouts.housePurpose} ` +
        `have no account to move between (first: ${firstUnresolved.first_unresolved}); nothing was posted`,
    );
  if (invalidCount > 0n) throw new Error(`${invalidCount} selected transfers are not positive or move money to the same account`);
  return {
    reason: payouts.reason,
    count: Number(count),
    shards: shards.map(({ debit_account_id, keys, credit_account_ids, amounts, reference_list }) => ({
      debit_account_id,
      keys,
      credit_account_ids,
      amounts,
      reference_list,
    })),
  };
}

/**
 * Posts prepared payouts in one transaction per house shard, up to `connections` at once, so that a
 * large payout uses more than one core of the database (shards share no account, so they never wait
 * for each other).
 *
 * The payout is not atomic across shards: if a shard fails, the others still commit, and this throws
 * once every shard has finished. Each shard is idempotent by its keys, so posting the same payouts
 * again (a retry, another node) posts exactly what is missing and replays the rest. The caller decides
 * when the payout counts as done (a round marked settled) and must not before this resolves.
 */
export async function postPreparedPayouts(db: Db, prepared: PreparedPayouts, connections: number): Promise<BatchResult> {
  const total: BatchResult = { postedCount: 0, replayedCount: 0 };
  let firstError: unknown;
  const pending = [...prepared.shards];
  const postNext = async (): Promise<void> => {
    for (let shard = pending.shift(); shard; shard = pending.shift()) {
      try {
        const result = await db.transaction((tx) => postShard(tx, shard, prepared.reason));
        total.postedCount += result.postedCount;
        total.replayedCount += result.replayedCount;
      } catch (error) {
        // The other shards go on: what they commit is not paid again by the retry.
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(connections, pending.length)) }, postNext));
  if (firstError !== undefined) throw firstError;
  return total;
}

/**
 * One shard of a payout in one statement: the house shard pays each row's player. Payouts only credit
 * players and the house never refuses, so there is no overdraft to check and nothing to stage in
 * temporary tables (decision 0016): the statement locks the shard's accounts in id order (the
 * initplan over `locked` runs before the first transfer is inserted: accounts first, then keys),
 * inserts the transfers (keys already posted are skipped), writes their entries with running balances
 * from the locked opening balances, and applies each account's net movement. A skipped key is then
 * checked to carry the same content (a replay) or refused as IDEMPOTENCY_CONFLICT.
 */
async function postShard(tx: Queryable, shard: ShardRows, reason: TransferReason): Promise<BatchResult> {
  await planEachRun(tx);
  const params = [shard.debit_account_id, reason, shard.keys, shard.credit_account_ids, shard.amounts, shard.reference_list];
  const input = `select * from unnest($3::text[], $4::integer[], $5::bigint[], $6::text[]) as s(key, credit, amount, reference)`;
  const [row] = await tx.query<{ total: bigint; posted: bigint; mismatched: bigint; missing: bigint }>(
    `with input as materialized (${input}),
     locked as materialized (
       select a.id, a.balance_paise from ledger_accounts a
       where a.id = any(array(select $1::integer union select credit from input))
       order by a.id for no key update of a
     ),
     posted as (
       insert into ledger_transfers (${INPUT_COLUMNS})
       select key, $1::integer, credit, amount, $2::text, reference from input
       where (select count(*) from locked) > 0
       order by key
       on conflict (idempotency_key) do nothing
       returning id, credit_account_id, amount_paise, created_at
     ),
     moves as materialized (
       select id as transfer_id, $1::integer as account_id, -amount_paise as amount_paise, created_at from posted
       union all
       select id, credit_account_id, amount_paise, created_at from posted
     ),
     entries as (
       insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise, created_at)
       select m.transfer_id, m.account_id, m.amount_paise,
              l.balance_paise + sum(m.amount_paise) over (partition by m.account_id order by m.transfer_id),
              m.created_at
       from moves m join locked l on l.id = m.account_id
     ),
     net as materialized (select account_id, sum(amount_paise) as delta_paise from moves group by account_id),
     applied as (
       update ledger_accounts a set balance_paise = a.balance_paise + n.delta_paise
       from net n join locked l on l.id = n.account_id
       where a.id = n.account_id and a.id = any(array(select account_id from net))
       returning a.balance_paise <> l.balance_paise + n.delta_paise as is_mismatched
     )
     select (select count(*) from input) as total, (select count(*) from posted) as posted,
            (select count(*) from applied where is_mismatched) as mismatched,
            (select count(*) from (select $1::integer union select credit from input) ids) - (select count(*) from locked) as missing`,
    params,
  );
  // The ledger has no foreign keys to its accounts (migration 0024): a shard naming an account that
  // does not exist fails here, and its transaction takes back everything the statement wrote.
  const result = row!;
  if (result.missing !== 0n) throw new Error(`${result.missing} ledger accounts of the payout do not exist; nothing was posted`);
  assert.equal(result.mismatched, 0n, 'balances moved exactly as decided under the account locks');
  const postedCount = Number(result.posted);
  const replayedCount = Number(result.total) - postedCount;
  if (replayedCount > 0) {
    // Only a retry meets posted keys: each must hold what this payout would have posted.
    const [conflict] = await tx.query<{ key: string }>(
      `with input as (${input})
       select i.key from input i join ledger_transfers t on t.idempotency_key = i.key
       where (t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, coalesce(t.reference, ''))
          <> ($1::integer, i.credit, i.amount, $2::text, coalesce(i.reference, ''))
       limit 1`,
      params,
    );
    if (conflict) throw new AppError('IDEMPOTENCY_CONFLICT', `key ${conflict.key} was posted with different content`);
  }
  return { postedCount, replayedCount };
}

async function assertBatchInputValid(tx: Queryable): Promise<void> {
  const [invalid] = await tx.query<{ n: bigint }>(
    'select count(*) as n from batch_input where amount_paise <= 0 or debit_account_id = credit_account_id',
  );
  if (invalid && invalid.n > 0n)
    throw new Error(`${invalid.n} selected transfers are not positive or move money to the same account`);
}

/**
 * Posts the transfers a query selects (columns: idempotency_key, debit_account_id, credit_account_id,
 * amount_paise, reason, reference), without bringing them into the process. The query must name the
 * ledger's accounts, so it belongs inside the wallet: other modules use `postPayoutsFromQuery`.
 * (Crash settlement still calls this until it is ported; then it stops being exported.)
 */
export async function postTransfersFromQuery(tx: Queryable, selectSql: string, params: readonly unknown[]): Promise<BatchResult> {
  await prepareBatchInput(tx);
  await tx.query(`insert into batch_input (${INPUT_COLUMNS}) ${selectSql}`, params);
  await assertBatchInputValid(tx);
  return postBatchInput(tx);
}

/**
 * The set-based core, a fixed number of statements whatever the batch size: lock the batch's accounts
 * in id order (keeping their opening balances), insert the transfers, sum each account's net
 * movement, refuse the whole batch if a player account would go below zero, write the entries with
 * running balances, and apply the balances. Keys already posted are skipped and must carry the same
 * content.
 *
 * Accounts first, as in `postEachTransfer`, and the balances last. The ledger has no foreign keys
 * (migration 0024): the batch is refused, writing nothing, if it names an account the lock did not
 * find (decision 0016).
 */
async function postBatchInput(tx: Queryable): Promise<BatchResult> {
  const [{ total } = { total: 0n }] = await tx.query<{ total: bigint }>('select count(*) as total from batch_input');
  if (total === 0n) return { postedCount: 0, replayedCount: 0 };
  await tx.query(
    `create temporary table if not exists batch_accounts (
       account_id integer primary key, kind text not null, opening_paise bigint not null
     ) on commit drop`,
  );
  await tx.query('truncate batch_accounts');
  // The batch's accounts are read by their ids (one index scan over an array of them), never by joining
  // ledger_accounts whole: with a join the planner read every account even for a batch of a few
  // thousand. The scan yields them in id order, the lock order.
  await tx.query(
    `with locked as materialized (
       select a.id, a.kind, a.balance_paise from ledger_accounts a
       where a.id = any(array(select debit_account_id from batch_input union select credit_account_id from batch_input))
       order by a.id for no key update of a
     )
     insert into batch_accounts (account_id, kind, opening_paise) select id, kind, balance_paise from locked`,
  );
  // The ledger has no foreign keys to its accounts (migration 0024): the batch names only accounts it locked.
  const [missing] = await tx.query<{ account_id: number }>(
    `select ids.id as account_id
     from (select debit_account_id as id from batch_input union select credit_account_id from batch_input) ids
     where not exists (select 1 from batch_accounts a where a.account_id = ids.id) limit 1`,
  );
  if (missing) throw new Error(`ledger account ${missing.account_id} does not exist; nothing was posted`);
  // The posted rows keep what the next statements need, so none of them reads ledger_transfers again
  // (at two million transfers that re-read cost more than the posting itself).
  await tx.query(
    `create temporary table if not exists batch_posted (
       id bigint primary key, debit_account_id integer not null, credit_account_id integer not null,
       amount_paise bigint not null, created_at timestamptz not null
     ) on commit drop`,
  );
  await tx.query('truncate batch_posted');
  const inserted = await tx.query<{ posted: bigint }>(
    `with posted as (
       insert into ledger_transfers (${INPUT_COLUMNS})
       select ${INPUT_COLUMNS} from batch_input order by idempotency_key
       on conflict (idempotency_key) do nothing
       returning id, debit_account_id, credit_account_id, amount_paise, created_at
     ), kept as (insert into batch_posted select * from posted returning 1)
     select count(*) as posted from kept`,
  );
  const postedCount = Number(inserted[0]?.posted ?? 0n);
  const replayedCount = Number(total) - postedCount;
  if (replayedCount > 0) {
    const conflicts = await tx.query<{ idempotency_key: string }>(
      `select i.idempotency_key from batch_input i
       join ledger_transfers t on t.idempotency_key = i.idempotency_key
       where t.id not in (select id from batch_posted)
         and (t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, coalesce(t.reference, ''))
          <> (i.debit_account_id, i.credit_account_id, i.amount_paise, i.reason, coalesce(i.reference, ''))
       limit 1`,
    );
    if (conflicts[0])
      throw new AppError('IDEMPOTENCY_CONFLICT', `key ${conflicts[0].idempotency_key} was posted with different content`);
  }
  if (postedCount === 0) return { postedCount, replayedCount };

  await tx.query(
    'create temporary table if not exists batch_moves (account_id integer primary key, delta_paise bigint not null) on commit drop',
  );
  await tx.query('truncate batch_moves');
  await tx.query(
    `insert into batch_moves (account_id, delta_paise)
     select account_id, sum(delta) from (
       select debit_account_id as account_id, -amount_paise as delta from batch_posted
       union all
       select credit_account_id, amount_paise from batch_posted
     ) moves group by account_id`,
  );
  const [short] = await tx.query<{ account_id: number; kind: string }>(
    `select a.account_id, a.kind from batch_moves m join batch_accounts a using (account_id)
     where a.kind <> 'house' and a.opening_paise + m.delta_paise < 0 order by a.account_id limit 1`,
  );
  if (short)
    throw new AppError(
      short.kind === 'bonus' ? 'INSUFFICIENT_BONUS' : 'INSUFFICIENT_BALANCE',
      `batch would overdraw account ${short.account_id}`,
    );
  // Each entry's balance after it is the account's opening balance plus the running sum of the batch's
  // entries on that account in transfer order.
  await tx.query(
    `insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise, created_at)
     select e.transfer_id, e.account_id, e.amount_paise,
            a.opening_paise + sum(e.amount_paise) over (partition by e.account_id order by e.transfer_id),
            e.created_at
     from (
       select id as transfer_id, debit_account_id as account_id, -amount_paise as amount_paise, created_at from batch_posted
       union all
       select id, credit_account_id, amount_paise, created_at from batch_posted
     ) e
     join batch_accounts a on a.account_id = e.account_id`,
  );
  // The locks make a balance other than the opening one impossible here: a check, not a branch.
  const [applied] = await tx.query<{ mismatched: bigint }>(
    `with applied as (
       update ledger_accounts a set balance_paise = a.balance_paise + m.delta_paise
       from batch_moves m join batch_accounts o using (account_id)
       where m.account_id = a.id and a.id = any(array(select account_id from batch_moves))
       returning a.balance_paise <> o.opening_paise + m.delta_paise as is_mismatched
     )
     select count(*) filter (where is_mismatched) as mismatched from applied`,
  );
  assert.equal(applied?.mismatched, 0n, 'balances moved exactly as decided under the account locks');
  return { postedCount, replayedCount };
}
