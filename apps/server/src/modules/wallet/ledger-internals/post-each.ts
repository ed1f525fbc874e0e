import assert from 'node:assert/strict';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  assertTransferInput,
  isSameContent,
  storedAsInput,
  type PostedTransfer,
  type StoredTransfer,
  type TransferInput,
} from './transfer-input.ts';

export type TransferRefusalCode = 'INSUFFICIENT_BALANCE' | 'INSUFFICIENT_BONUS' | 'IDEMPOTENCY_CONFLICT';

/** What became of one transfer of a batch: posted (a replay included) or refused on its own. */
export type TransferOutcome = { isPosted: true; transfer: PostedTransfer } | { isPosted: false; code: TransferRefusalCode };

/** A group commit gathers a few milliseconds of requests; a batch far beyond that is a bug upstream. */
export const MAX_EACH_TRANSFER_BATCH = 10_000;

/** How often a batch is decided again after a key it meant to insert was committed under it (see below). */
export const MAX_KEY_RACE_ATTEMPTS = 3;

const UNIQUE_VIOLATION = '23505';

type LockedAccount = { id: number; kind: 'cash' | 'bonus' | 'house'; balance_paise: bigint };

/**
 * `isWholeTransaction`: the batch is all its transaction holds, so a key race (below) aborts the
 * transaction and the caller runs it again (`isKeyRace`), instead of every batch paying a round trip
 * for a savepoint it almost never rolls back to.
 */
export type PostEachOptions = { isWholeTransaction?: boolean };

/** A unique-index violation: a key of the batch was committed by another transaction meanwhile. */
export const isKeyRace = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** A transfer this batch inserts, with the balances its two entries carry. */
type Accepted = { input: TransferInput; debitAfterPaise: bigint; creditAfterPaise: bigint };

/** One transfer's decision before the insert gives accepted transfers their ids. */
type Decision =
  | { kind: 'accepted'; accepted: Accepted; isReplay: boolean }
  | { kind: 'stored'; transfer: PostedTransfer }
  | { kind: 'refused'; code: TransferRefusalCode };

/**
 * Posts a batch of groups in which each group succeeds or fails on its own (a single transfer is a
 * group of one; a lottery stake and its fee are a group of two). A group is accepted only when every
 * transfer of it is: a player debit is conditional on that account's balance as the earlier groups
 * of the batch left it, in the given order; house accounts never refuse. When one transfer of a group
 * is refused, the group's new transfers are refused with the same code and leave the running balances
 * as they were. Keys already posted are replays (same content: isReplay, the stored balances) or
 * IDEMPOTENCY_CONFLICT; a key repeated within the batch is a replay of its first occurrence when
 * identical, else a conflict. Nothing refused is written (ledger rows are immutable).
 *
 * A fixed number of round trips whatever the batch size: lock every involved account in id order and
 * read the stored transfers of the batch's keys (one statement), decide in order here with bigint
 * running balances, and insert the accepted transfers, their entries and the balance changes in one
 * statement.
 *
 * Lock order: accounts first, then keys. The locks and the read of the stored keys are one statement
 * (one round trip), whose snapshot predates any wait for the locks; so a key committed by another
 * node meanwhile (a duplicate, which waited on the same accounts, or a conflict on other accounts)
 * is not seen by that read. Its insert then fails on the unique index, and the batch is decided again
 * from a savepoint taken after the locks, with a fresh read that sees the row.
 */
export async function postEachGroup(
  tx: Queryable,
  groups: ReadonlyArray<readonly TransferInput[]>,
  options: PostEachOptions = {},
): Promise<TransferOutcome[][]> {
  const transfers = groups.flat();
  if (transfers.length === 0) return groups.map(() => []);
  assert(transfers.length <= MAX_EACH_TRANSFER_BATCH, `batch of ${transfers.length} exceeds ${MAX_EACH_TRANSFER_BATCH}`);
  for (const t of transfers) assertTransferInput(t);
  const locked = await lockAccountsReadingStored(tx, transfers);
  const { accounts } = locked;
  const split = (outcomes: TransferOutcome[]) => {
    let position = 0;
    return groups.map((group) => outcomes.slice(position, (position += group.length)));
  };
  if (options.isWholeTransaction)
    return split(await insertAccepted(tx, decide(groups, accounts, locked.stored).flat(), accounts));
  await tx.query('savepoint post_each_transfer');
  for (let attempt = 1; ; attempt++) {
    const stored = attempt === 1 ? locked.stored : await readStoredTransfers(tx, transfers);
    const decisions = decide(groups, accounts, stored);
    try {
      return split(await insertAccepted(tx, decisions.flat(), accounts));
    } catch (error) {
      if (!isKeyRace(error) || attempt >= MAX_KEY_RACE_ATTEMPTS) throw error;
      await tx.query('rollback to savepoint post_each_transfer');
    }
  }
}

/**
 * One round trip: locks every involved account in id order and reads the stored transfers of the
 * batch's keys. The read sees the statement's snapshot, taken before any lock wait, so a duplicate
 * committed while this batch waited is not seen here; its insert then meets the unique index and the
 * batch is decided again from a fresh read (below), which sees it.
 */
async function lockAccountsReadingStored(
  tx: Queryable,
  transfers: readonly TransferInput[],
): Promise<{ accounts: Map<number, LockedAccount>; stored: Map<string, StoredTransfer> }> {
  const ids = [...new Set(transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]))].sort((a, b) => a - b);
  const keys = [...new Set(transfers.map((t) => t.idempotencyKey))];
  const [row] = await tx.query<{ accounts: JsonAccount[] | null; stored: JsonStored[] | null }>(
    `with locked as (
       select id, kind, balance_paise from ledger_accounts where id = any($1::integer[]) order by id for no key update
     ), stored as (
       ${storedTransfersSql('$2')}
     )
     select (select json_agg(json_build_object('id', id, 'kind', kind, 'balance', balance_paise::text)) from locked) as accounts,
            (select json_agg(json_build_object(
               'key', idempotency_key, 'id', id::text, 'debit', debit_account_id, 'credit', credit_account_id,
               'amount', amount_paise::text, 'reason', reason, 'reference', reference, 'at', created_at,
               'debitAfter', debit_after::text, 'creditAfter', credit_after::text)) from stored) as stored`,
    [ids, keys],
  );
  const accounts = new Map(
    (row!.accounts ?? []).map((a): [number, LockedAccount] => [
      a.id,
      { id: a.id, kind: a.kind, balance_paise: BigInt(a.balance) },
    ]),
  );
  for (const id of ids) assert(accounts.has(id), `ledger account ${id} does not exist`);
  const stored = new Map(
    (row!.stored ?? []).map((t): [string, StoredTransfer] => [
      t.key,
      {
        idempotency_key: t.key,
        id: BigInt(t.id),
        debit_account_id: t.debit,
        credit_account_id: t.credit,
        amount_paise: BigInt(t.amount),
        reason: t.reason,
        reference: t.reference,
        created_at: new Date(t.at),
        debit_after: BigInt(t.debitAfter),
        credit_after: BigInt(t.creditAfter),
      },
    ]),
  );
  return { accounts, stored };
}

type JsonAccount = { id: number; kind: LockedAccount['kind']; balance: string };
type JsonStored = {
  key: string;
  id: string;
  debit: number;
  credit: number;
  amount: string;
  reason: string;
  reference: string | null;
  at: string;
  debitAfter: string;
  creditAfter: string;
};

/** The stored transfers of the keys in the given text[] parameter, each with the balances its entries carry. */
const storedTransfersSql = (
  keysParameter: string,
) => `select t.idempotency_key, t.id, t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, t.reference,
            t.created_at, d.balance_after_paise as debit_after, c.balance_after_paise as credit_after
     from ledger_transfers t
     join ledger_entries d on d.transfer_id = t.id and d.account_id = t.debit_account_id
     join ledger_entries c on c.transfer_id = t.id and c.account_id = t.credit_account_id
     where t.idempotency_key = any(${keysParameter}::text[])`;

async function readStoredTransfers(tx: Queryable, transfers: readonly TransferInput[]): Promise<Map<string, StoredTransfer>> {
  const keys = [...new Set(transfers.map((t) => t.idempotencyKey))];
  const rows = await tx.query<StoredTransfer>(storedTransfersSql('$1'), [keys]);
  return new Map(rows.map((row) => [row.idempotency_key, row]));
}

/** Decides every group in order against running balances that start from the locked rows. */
function decide(
  groups: ReadonlyArray<readonly TransferInput[]>,
  accounts: ReadonlyMap<number, LockedAccount>,
  stored: ReadonlyMap<string, StoredTransfer>,
): Decision[][] {
  const balances = new Map([...accounts].map(([id, account]) => [id, account.balance_paise]));
  const acceptedByKey = new Map<string, Accepted>();
  return groups.map((group) => {
    const balancesBefore = new Map<number, bigint>();
    const keysAccepted: string[] = [];
    const decisions = group.map((t) => decideOne(t, accounts, stored, balances, acceptedByKey, balancesBefore, keysAccepted));
    const refusal = decisions.find((d): d is Extract<Decision, { kind: 'refused' }> => d.kind === 'refused');
    if (!refusal || group.length === 1) return decisions;
    // The group falls as one: what it accepted is undone before the next group is judged (replays of
    // transfers posted before stay what they are).
    for (const [id, balance] of balancesBefore) balances.set(id, balance);
    for (const key of keysAccepted) acceptedByKey.delete(key);
    return decisions.map((d): Decision => (d.kind === 'accepted' && !d.isReplay ? refusal : d));
  });
}

function decideOne(
  t: TransferInput,
  accounts: ReadonlyMap<number, LockedAccount>,
  stored: ReadonlyMap<string, StoredTransfer>,
  balances: Map<number, bigint>,
  acceptedByKey: Map<string, Accepted>,
  balancesBefore: Map<number, bigint>,
  keysAccepted: string[],
): Decision {
  const previous = stored.get(t.idempotencyKey);
  if (previous) {
    if (!isSameContent(storedAsInput(previous), t)) return { kind: 'refused', code: 'IDEMPOTENCY_CONFLICT' };
    return {
      kind: 'stored',
      transfer: {
        id: previous.id,
        debitBalanceAfterPaise: previous.debit_after,
        creditBalanceAfterPaise: previous.credit_after,
        createdAt: previous.created_at,
        isReplay: true,
      },
    };
  }
  const earlier = acceptedByKey.get(t.idempotencyKey);
  if (earlier) {
    if (!isSameContent(earlier.input, t)) return { kind: 'refused', code: 'IDEMPOTENCY_CONFLICT' };
    return { kind: 'accepted', accepted: earlier, isReplay: true };
  }
  // An earlier occurrence of this key that was refused for its balance claimed nothing: this one is
  // judged afresh, as it would be had it arrived after that refusal.
  const debit = accounts.get(t.debitAccountId)!;
  const debitBalance = balances.get(t.debitAccountId)!;
  if (debit.kind !== 'house' && debitBalance < t.amountPaise)
    return { kind: 'refused', code: debit.kind === 'bonus' ? 'INSUFFICIENT_BONUS' : 'INSUFFICIENT_BALANCE' };
  const debitAfterPaise = debitBalance - t.amountPaise;
  const creditAfterPaise = balances.get(t.creditAccountId)! + t.amountPaise;
  for (const id of [t.debitAccountId, t.creditAccountId]) if (!balancesBefore.has(id)) balancesBefore.set(id, balances.get(id)!);
  balances.set(t.debitAccountId, debitAfterPaise);
  balances.set(t.creditAccountId, creditAfterPaise);
  const accepted = { input: t, debitAfterPaise, creditAfterPaise };
  acceptedByKey.set(t.idempotencyKey, accepted);
  keysAccepted.push(t.idempotencyKey);
  return { kind: 'accepted', accepted, isReplay: false };
}

/**
 * One statement: the accepted transfers, their two entries each (balances after, from the running
 * balances), and every touched account's balance moved by its net change. It also counts accounts whose
 * new balance differs from the one decided here, which the locks make impossible: a check, not a branch.
 */
async function insertAccepted(
  tx: Queryable,
  decisions: readonly Decision[],
  accounts: ReadonlyMap<number, LockedAccount>,
): Promise<TransferOutcome[]> {
  const accepted = decisions.flatMap((d) => (d.kind === 'accepted' && !d.isReplay ? [d.accepted] : []));
  const inserted = new Map<string, { id: bigint; created_at: Date }>();
  if (accepted.length > 0) {
    const deltas = new Map<number, bigint>();
    for (const { input } of accepted) {
      deltas.set(input.debitAccountId, (deltas.get(input.debitAccountId) ?? 0n) - input.amountPaise);
      deltas.set(input.creditAccountId, (deltas.get(input.creditAccountId) ?? 0n) + input.amountPaise);
    }
    const moved = [...deltas].filter(([, delta]) => delta !== 0n);
    const rows = await tx.query<{ idempotency_key: string; id: bigint; created_at: Date; mismatched: bigint }>(
      `with input as (
         select * from unnest($1::text[], $2::integer[], $3::integer[], $4::bigint[], $5::text[], $6::text[],
                              $7::bigint[], $8::bigint[], $9::integer[])
           as i (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference,
                 debit_after, credit_after, position)
       ), posted as (
         insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference)
         select idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference from input order by position
         returning id, idempotency_key, created_at
       ), entries as (
         insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise, created_at)
         select p.id, i.debit_account_id, -i.amount_paise, i.debit_after, p.created_at from posted p join input i using (idempotency_key)
         union all
         select p.id, i.credit_account_id, i.amount_paise, i.credit_after, p.created_at from posted p join input i using (idempotency_key)
       ), moved as (
         update ledger_accounts a set balance_paise = a.balance_paise + m.delta_paise
         from unnest($10::integer[], $11::bigint[], $12::bigint[]) as m (id, delta_paise, expected_paise)
         where a.id = m.id
         returning a.balance_paise <> m.expected_paise as is_mismatched
       )
       select p.idempotency_key, p.id, p.created_at, (select count(*) from moved where is_mismatched) as mismatched
       from posted p`,
      [
        accepted.map((a) => a.input.idempotencyKey),
        accepted.map((a) => a.input.debitAccountId),
        accepted.map((a) => a.input.creditAccountId),
        accepted.map((a) => a.input.amountPaise.toString()),
        accepted.map((a) => a.input.reason),
        accepted.map((a) => a.input.reference ?? null),
        accepted.map((a) => a.debitAfterPaise.toString()),
        accepted.map((a) => a.creditAfterPaise.toString()),
        accepted.map((_, position) => position),
        moved.map(([id]) => id),
        moved.map(([, delta]) => delta.toString()),
        moved.map(([id, delta]) => (accounts.get(id)!.balance_paise + delta).toString()),
      ],
    );
    assert.equal(rows.length, accepted.length, 'every accepted transfer is inserted');
    assert.equal(rows[0]!.mismatched, 0n, 'balances moved exactly as decided under the account locks');
    for (const row of rows) inserted.set(row.idempotency_key, row);
  }
  return decisions.map((d): TransferOutcome => {
    if (d.kind === 'refused') return { isPosted: false, code: d.code };
    if (d.kind === 'stored') return { isPosted: true, transfer: d.transfer };
    const row = inserted.get(d.accepted.input.idempotencyKey)!;
    return {
      isPosted: true,
      transfer: {
        id: row.id,
        debitBalanceAfterPaise: d.accepted.debitAfterPaise,
        creditBalanceAfterPaise: d.accepted.creditAfterPaise,
        createdAt: row.created_at,
        isReplay: d.isReplay,
      },
    };
  });
}
