import assert from 'node:assert/strict';
import type { Db, Tx } from '../../../platform/db/db.ts';
import { planEachRun } from '../../../platform/db/plan-each-run.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { HOUSE_SHARD_COUNT, houseShardPurposeSql } from '../accounts.ts';
import type { HousePurpose, TransferReason } from '../transfer-reasons.ts';
import { assertIdempotencyKey } from './transfer-input.ts';

/**
 * The most rows one payout hands over: about 100 MB of this process at most, and statements the
 * database plans and runs in seconds. A lottery round of a million players has about 230,000 winners;
 * a caller that may have more splits them.
 */
export const MAX_PAYOUT_ROWS = 1_000_000;

/** One payout: the house pays `amountPaise` to the player's cash, exactly once by its key. */
export type PayoutRow = { idempotencyKey: string; userId: number; amountPaise: bigint; reference: string | null };

/** Money the house pays players, as rows the caller chose from its own tables. */
export type Payouts = {
  /** The house purpose that pays, e.g. `room:wingo-1`; each player is paid from their own shard of it. */
  housePurpose: HousePurpose;
  /** Why the money moves (`payout`, `refund`, `commission`): stored on every transfer. */
  reason: TransferReason;
  rows: readonly PayoutRow[];
};

export type PayoutResult = { postedCount: number; replayedCount: number };

/**
 * Rows resolved to accounts, as PostgreSQL array literals of equal length: they go back to the
 * database unparsed. `debit_account_ids` is each row's house shard.
 */
type ResolvedRows = {
  debit_account_ids: string;
  keys: string;
  credit_account_ids: string;
  amounts: string;
  reference_list: string;
};

/**
 * Payouts resolved to accounts and checked, by house shard, not posted: what `payOut` posts one shard
 * per transaction. They hold no lock and change nothing, so a caller may prepare them before the moment
 * they may be paid.
 */
export type PreparedPayouts = {
  readonly reason: TransferReason;
  readonly count: number;
  readonly shards: readonly ResolvedRows[];
};

/** Where a payout is posted: in the caller's transaction, or one transaction per house shard. */
export type PayoutPosting = { inTransaction: Tx } | { byShard: Db; connections: number };

/** A payout's rows as the four array literals the database reads. */
type PayoutColumns = { count: number; keys: string; userIds: string; amounts: string; references: string };

/**
 * Checks every row here, before any statement (a payout is paid whole or not started), and lays the
 * rows out as columns. The messages are built only for a row that fails: a lottery round checks about
 * 230,000 rows here.
 */
function columnsOf(payouts: Payouts): PayoutColumns {
  const { rows } = payouts;
  assert(rows.length <= MAX_PAYOUT_ROWS, `payout of ${rows.length} rows exceeds ${MAX_PAYOUT_ROWS}: split it`);
  const keys = new Set<string>();
  const userIds: number[] = [];
  const amounts: bigint[] = [];
  const references: Array<string | null> = [];
  for (const row of rows) {
    assertIdempotencyKey(row.idempotencyKey);
    if (typeof row.amountPaise !== 'bigint' || row.amountPaise <= 0n) assert.fail(`payout ${row.idempotencyKey} is not positive`);
    if (!Number.isInteger(row.userId)) assert.fail(`payout ${row.idempotencyKey} names no user`);
    if (keys.has(row.idempotencyKey)) assert.fail(`idempotency key ${row.idempotencyKey} appears twice in one payout`);
    keys.add(row.idempotencyKey);
    userIds.push(row.userId);
    amounts.push(row.amountPaise);
    references.push(row.reference);
  }
  return {
    count: rows.length,
    keys: textArrayLiteral([...keys]),
    userIds: integerArrayLiteral(userIds),
    amounts: integerArrayLiteral(amounts),
    references: textArrayLiteral(references),
  };
}

// The rows go to the database as array literals built here: the driver's own quoting of each element
// cost about a second for a lottery round's 230,000 winners.

/** A PostgreSQL array literal of integers. */
function integerArrayLiteral(values: ReadonlyArray<number | bigint>): string {
  return `{${values.join(',')}}`;
}

/** A PostgreSQL array literal of texts: each quoted, a backslash or a double quote in it escaped; null as NULL. */
function textArrayLiteral(values: ReadonlyArray<string | null>): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Resolves each row's cash account and house shard (`purpose#<user id mod shards>`, as
 * `shardedHouseAccountId` names it), in one statement, grouped by shard or as one whole. A row without
 * an account throws, so no payout is silently skipped. The shards are looked up once (not once a row,
 * which had the planner sort every row by its shard's name). One aggregate node feeds every row to the
 * array_agg in the same order, so the arrays line up position by position without sorting each.
 */
async function resolveRows(tx: Tx, payouts: Payouts, columns: PayoutColumns, isByShard: boolean): Promise<ResolvedRows[]> {
  if (columns.count === 0) return [];
  const groups = await tx.query<ResolvedRows & { row_count: bigint; unresolved: bigint; first_unresolved: string | null }>(
    `with selected (idempotency_key, user_id, amount_paise, reference) as (
       select * from unnest($1::text[], $2::integer[], $3::bigint[], $4::text[])
     ),
     houses as materialized (
       select g.shard, a.id from generate_series(0, ${HOUSE_SHARD_COUNT - 1}) as g(shard)
       left join ledger_accounts a on a.purpose = ${houseShardPurposeSql('$5::text', 'g.shard')}
     ),
     resolved as (
       select s.idempotency_key, s.user_id, s.amount_paise, s.reference,
              house.id as debit_account_id, cash.id as credit_account_id
       from selected s
       left join ledger_accounts cash on cash.user_id = s.user_id and cash.kind = 'cash'
       left join houses house on house.shard = abs(s.user_id) % ${HOUSE_SHARD_COUNT}
     )
     select count(*) as row_count,
            count(*) filter (where debit_account_id is null or credit_account_id is null) as unresolved,
            min('user ' || user_id::text || ': ' || concat_ws(' and ',
                  case when credit_account_id is null then 'no cash account' end,
                  case when debit_account_id is null then 'no house account ' || ${houseShardPurposeSql('$5::text', 'user_id')} end))
              filter (where debit_account_id is null or credit_account_id is null) as first_unresolved,
            array_agg(debit_account_id)::text as debit_account_ids,
            array_agg(idempotency_key)::text as keys,
            array_agg(credit_account_id)::text as credit_account_ids,
            array_agg(amount_paise)::text as amounts,
            array_agg(reference)::text as reference_list
     from resolved group by case when $6::boolean then debit_account_id end`,
    [columns.keys, columns.userIds, columns.amounts, columns.references, payouts.housePurpose, isByShard],
  );
  const unresolvedCount = groups.reduce((sum, group) => sum + group.unresolved, 0n);
  const firstUnresolved = groups.find((group) => group.unresolved > 0n);
  if (firstUnresolved)
    throw new Error(
      `${unresolvedCount} of ${columns.count} ${payouts.reason} transfers from ${payouts.housePurpose} ` +
        `have no account to move between (first: ${firstUnresolved.first_unresolved}); nothing was posted`,
    );
  return groups.map(({ debit_account_ids, keys, credit_account_ids, amounts, reference_list }) => ({
    debit_account_ids,
    keys,
    credit_account_ids,
    amounts,
    reference_list,
  }));
}

/**
 * Resolves and checks payouts by house shard in a transaction of their own, posting nothing (see
 * `resolveRows`). Planned for this payout's own size.
 */
export async function preparePayouts(db: Db, payouts: Payouts): Promise<PreparedPayouts> {
  const columns = columnsOf(payouts);
  const shards = await db.transaction(async (tx) => {
    await planEachRun(tx);
    return resolveRows(tx, payouts, columns, true);
  });
  return { reason: payouts.reason, count: payouts.rows.length, shards };
}

/**
 * In the caller's transaction: resolves the rows and posts them in one statement, which locks every
 * account of the payout at once in id order. Planned for this payout's own size (for the rest of the
 * transaction too).
 */
export async function payOutInTransaction(tx: Tx, payouts: Payouts): Promise<PayoutResult> {
  const columns = columnsOf(payouts);
  if (columns.count === 0) return { postedCount: 0, replayedCount: 0 };
  await planEachRun(tx);
  const [whole] = await resolveRows(tx, payouts, columns, false);
  return postResolved(tx, whole!, payouts.reason);
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
export async function payOutByShard(db: Db, prepared: PreparedPayouts, connections: number): Promise<PayoutResult> {
  const total: PayoutResult = { postedCount: 0, replayedCount: 0 };
  let firstError: unknown;
  const pending = [...prepared.shards];
  const postNext = async (): Promise<void> => {
    for (let shard = pending.shift(); shard; shard = pending.shift()) {
      try {
        const result = await db.transaction(async (tx) => {
          await planEachRun(tx);
          return postResolved(tx, shard, prepared.reason);
        });
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

const RESOLVED_INPUT = `select * from unnest($2::text[], $3::integer[], $4::integer[], $5::bigint[], $6::text[])
       as s(key, debit, credit, amount, reference)`;

/**
 * Resolved rows in one statement: house shards pay players. Payouts only credit players and the house
 * never refuses, so there is no overdraft to check and nothing to stage in temporary tables (decision
 * 0016): the statement locks every account of the rows in id order (the initplan over `locked` runs
 * before the first transfer is inserted: accounts first, then keys), inserts the transfers (keys
 * already posted are skipped), writes their entries with running balances from the locked opening
 * balances, and applies each account's net movement. A skipped key is then checked to carry the same
 * content (a replay) or refused as IDEMPOTENCY_CONFLICT.
 */
async function postResolved(tx: Tx, rows: ResolvedRows, reason: TransferReason): Promise<PayoutResult> {
  const params = [reason, rows.keys, rows.debit_account_ids, rows.credit_account_ids, rows.amounts, rows.reference_list];
  const [row] = await tx.query<{ total: bigint; posted: bigint; mismatched: bigint; missing: bigint }>(
    `with input as materialized (${RESOLVED_INPUT}),
     ids as materialized (select debit as id from input union select credit from input),
     locked as materialized (
       select a.id, a.balance_paise from ledger_accounts a
       where a.id = any(array(select id from ids))
       order by a.id for no key update of a
     ),
     posted as (
       insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference)
       select key, debit, credit, amount, $1::text, reference from input
       where (select count(*) from locked) > 0
       order by key
       on conflict (idempotency_key) do nothing
       returning id, debit_account_id, credit_account_id, amount_paise, created_at
     ),
     moves as materialized (
       select id as transfer_id, debit_account_id as account_id, -amount_paise as amount_paise, created_at from posted
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
            (select count(*) from ids) - (select count(*) from locked) as missing`,
    params,
  );
  // An account named by the rows that does not exist fails here, and the transaction takes back
  // everything the statement wrote.
  const result = row!;
  if (result.missing !== 0n) throw new Error(`${result.missing} ledger accounts of the payout do not exist; nothing was posted`);
  assert.equal(result.mismatched, 0n, 'balances moved exactly as decided under the account locks');
  const postedCount = Number(result.posted);
  const replayedCount = Number(result.total) - postedCount;
  if (replayedCount > 0) {
    // Only a retry meets posted keys: each must hold what this payout would have posted.
    const [conflict] = await tx.query<{ key: string }>(
      `with input as (${RESOLVED_INPUT})
       select i.key from input i join ledger_transfers t on t.idempotency_key = i.key
       where (t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, coalesce(t.reference, ''))
          <> (i.debit, i.credit, i.amount, $1::text, coalesce(i.reference, ''))
       limit 1`,
      params,
    );
    if (conflict) throw new AppError('IDEMPOTENCY_CONFLICT', `key ${conflict.key} was posted with different content`);
  }
  return { postedCount, replayedCount };
}
