import assert from 'node:assert/strict';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TransferReason } from './transfer-reasons.ts';

export type TransferInput = {
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amountPaise: bigint;
  reason: TransferReason;
  reference?: string | null;
};

export type PostedTransfer = {
  id: bigint;
  debitBalanceAfterPaise: bigint;
  creditBalanceAfterPaise: bigint;
  createdAt: Date;
  /** True when the key had been posted before: nothing moved this time. */
  isReplay: boolean;
};

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export function assertTransferInput(t: TransferInput): void {
  assert(typeof t.amountPaise === 'bigint', 'amount must be bigint paise');
  assert(t.amountPaise > 0n, 'amount must be positive');
  assert(t.debitAccountId !== t.creditAccountId, 'debit and credit accounts must differ');
  assert(t.idempotencyKey.length > 0 && t.idempotencyKey.length <= MAX_IDEMPOTENCY_KEY_LENGTH, 'idempotency key length');
}

type StoredTransfer = {
  id: bigint;
  debit_account_id: number;
  credit_account_id: number;
  amount_paise: bigint;
  reason: string;
  reference: string | null;
  created_at: Date;
};

async function replay(tx: Queryable, t: TransferInput): Promise<PostedTransfer> {
  const rows = await tx.query<StoredTransfer & { debit_after: bigint; credit_after: bigint }>(
    `select t.id, t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, t.reference, t.created_at,
            d.balance_after_paise as debit_after, c.balance_after_paise as credit_after
     from ledger_transfers t
     join ledger_entries d on d.transfer_id = t.id and d.account_id = t.debit_account_id
     join ledger_entries c on c.transfer_id = t.id and c.account_id = t.credit_account_id
     where t.idempotency_key = $1`,
    [t.idempotencyKey],
  );
  const stored = rows[0];
  assert(stored, `transfer ${t.idempotencyKey} conflicted but cannot be read`);
  const isSame =
    stored.debit_account_id === t.debitAccountId &&
    stored.credit_account_id === t.creditAccountId &&
    stored.amount_paise === t.amountPaise &&
    stored.reason === t.reason &&
    stored.reference === (t.reference ?? null);
  if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT', `key ${t.idempotencyKey} was posted with different content`);
  return {
    id: stored.id,
    debitBalanceAfterPaise: stored.debit_after,
    creditBalanceAfterPaise: stored.credit_after,
    createdAt: stored.created_at,
    isReplay: true,
  };
}

type ClaimedTransfer = { id: bigint; created_at: Date };

/** Claims the transfer's idempotency key; null when the key was posted before (a replay). */
async function claimKey(tx: Queryable, t: TransferInput): Promise<ClaimedTransfer | null> {
  const claimed = await tx.query<ClaimedTransfer>(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (idempotency_key) do nothing
     returning id, created_at`,
    [t.idempotencyKey, t.debitAccountId, t.creditAccountId, t.amountPaise, t.reason, t.reference ?? null],
  );
  return claimed[0] ?? null;
}

/**
 * Posts one transfer inside the caller's transaction. The idempotency key is claimed first (a
 * concurrent duplicate waits on the unique index and then replays the committed result). Both
 * accounts are locked in id order, so opposite transfers cannot deadlock; the lock is FOR NO KEY
 * UPDATE (what an UPDATE of the balance takes anyway), which coexists with the FOR KEY SHARE locks
 * that foreign-key checks of concurrent inserts hold on the same accounts. The debit of a player
 * account is conditional; the CHECK constraint stands behind it.
 *
 * Lock order of single transfers and groups: idempotency keys first, then accounts in id order. The
 * batches (`postEachTransfer`, `postTransfers` and the payouts) lock accounts first, then keys; the two
 * never post the same key (single transfers carry deposit, withdrawal, gift, adjustment and bonus
 * keys; batches carry bet, payout, cash-out, refund and commission keys), so a key is never waited
 * for in both orders. A transaction that posts several transfers must use `postTransferGroup`, which keeps that order for
 * all of them at once; two separate calls would lock accounts in two rounds, and two such transactions
 * with crossing accounts deadlock.
 */
export async function postTransfer(tx: Queryable, t: TransferInput): Promise<PostedTransfer> {
  assertTransferInput(t);
  const transfer = await claimKey(tx, t);
  if (!transfer) return replay(tx, t);
  return move(tx, t, transfer);
}

/**
 * Posts several transfers in one transaction, each exactly as `postTransfer` would (replays included),
 * in the ledger's one lock order: every key in key order, then every account involved in id order,
 * then the moves in the order given (a later debit may rely on an earlier credit).
 */
export async function postTransferGroup(tx: Queryable, transfers: readonly TransferInput[]): Promise<PostedTransfer[]> {
  const keys = new Set<string>();
  for (const t of transfers) {
    assertTransferInput(t);
    assert(!keys.has(t.idempotencyKey), `idempotency key ${t.idempotencyKey} appears twice in one group`);
    keys.add(t.idempotencyKey);
  }
  const claimed = new Map<string, ClaimedTransfer | null>();
  for (const t of [...transfers].sort((x, y) => (x.idempotencyKey < y.idempotencyKey ? -1 : 1)))
    claimed.set(t.idempotencyKey, await claimKey(tx, t));
  const accountIds = [...new Set(transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]))];
  await tx.query('select id from ledger_accounts where id = any($1::integer[]) order by id for no key update', [accountIds]);
  const posted: PostedTransfer[] = [];
  for (const t of transfers) {
    const transfer = claimed.get(t.idempotencyKey) ?? null;
    posted.push(transfer ? await move(tx, t, transfer) : await replay(tx, t));
  }
  return posted;
}

/** Moves the money of a claimed transfer: the conditional debit, the credit, both entries. */
async function move(tx: Queryable, t: TransferInput, transfer: ClaimedTransfer): Promise<PostedTransfer> {
  // One statement: lock both accounts in id order (count(*) reads the locking scan to the end), take
  // the conditional debit, the credit only if the debit happened, and both entries.
  const moved = await tx.query<{ debit_after: bigint | null; credit_after: bigint | null }>(
    `with locked as (
       select id from ledger_accounts where id in ($1, $2) order by id for no key update
     ), debited as (
       update ledger_accounts set balance_paise = balance_paise - $3::bigint
       where id = $1 and (kind = 'house' or balance_paise >= $3::bigint) and (select count(*) from locked) = 2
       returning balance_paise
     ), credited as (
       update ledger_accounts set balance_paise = balance_paise + $3::bigint
       where id = $2 and exists (select 1 from debited)
       returning balance_paise
     ), entries as (
       insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise, created_at)
       select $4::bigint, $1::integer, -$3::bigint, d.balance_paise, $5::timestamptz from debited d
       union all
       select $4::bigint, $2::integer, $3::bigint, c.balance_paise, $5::timestamptz from credited c
       returning 1
     )
     select (select balance_paise from debited) as debit_after, (select balance_paise from credited) as credit_after,
            (select count(*) from entries) as entry_count`,
    [t.debitAccountId, t.creditAccountId, t.amountPaise, transfer.id, transfer.created_at],
  );
  const debitAfter = moved[0]?.debit_after ?? null;
  const creditAfter = moved[0]?.credit_after ?? null;
  if (debitAfter === null) {
    // Nothing moved: either an account does not exist (the ledger has no foreign keys, migration 0024:
    // this is the check) or the debit would overdraw.
    const rows = await tx.query<{ id: number; kind: string; balance_paise: bigint }>(
      'select id, kind, balance_paise from ledger_accounts where id in ($1, $2)',
      [t.debitAccountId, t.creditAccountId],
    );
    for (const id of [t.debitAccountId, t.creditAccountId])
      if (!rows.some((row) => row.id === id)) throw new Error(`ledger account ${id} does not exist`);
    const account = rows.find((row) => row.id === t.debitAccountId)!;
    const shortPaise = t.amountPaise - account.balance_paise;
    throw new AppError(
      account.kind === 'bonus' ? 'INSUFFICIENT_BONUS' : 'INSUFFICIENT_BALANCE',
      `account ${t.debitAccountId} short by ${shortPaise} paise`,
    );
  }
  if (creditAfter === null) throw new Error(`ledger account ${t.creditAccountId} does not exist`);
  return {
    id: transfer.id,
    debitBalanceAfterPaise: debitAfter,
    creditBalanceAfterPaise: creditAfter,
    createdAt: transfer.created_at,
    isReplay: false,
  };
}
