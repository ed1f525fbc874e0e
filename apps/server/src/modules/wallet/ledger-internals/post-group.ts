import assert from 'node:assert/strict';
import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  assertTransferInput,
  isSameContent,
  storedAsInput,
  type PostedTransfer,
  type StoredTransfer,
  type TransferInput,
} from './transfer-input.ts';

/** A group is the few transfers of one decision (a credit and its bonus, a stake and its fee). */
export const MAX_GROUP_TRANSFERS = 16;

type ClaimedTransfer = { id: bigint; created_at: Date };

/**
 * Posts a group of transfers in the caller's transaction, each exactly once by its key, in the
 * ledger's lock order for groups: every key in key order, then every account in id order, then the
 * moves in the order given (a later debit may rely on an earlier credit). A group of one skips the
 * separate account lock: its move locks its two accounts in id order itself.
 */
export async function postGroup(tx: Queryable, transfers: readonly TransferInput[]): Promise<PostedTransfer[]> {
  assert(transfers.length > 0, 'a group holds at least one transfer');
  assert(transfers.length <= MAX_GROUP_TRANSFERS, `group of ${transfers.length} exceeds ${MAX_GROUP_TRANSFERS}`);
  const keys = new Set<string>();
  for (const t of transfers) {
    assertTransferInput(t);
    assert(!keys.has(t.idempotencyKey), `idempotency key ${t.idempotencyKey} appears twice in one group`);
    keys.add(t.idempotencyKey);
  }
  const claimed = new Map<string, ClaimedTransfer | null>();
  for (const t of [...transfers].sort((x, y) => (x.idempotencyKey < y.idempotencyKey ? -1 : 1)))
    claimed.set(t.idempotencyKey, await claimKey(tx, t));
  if (transfers.length > 1) {
    const accountIds = [...new Set(transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]))];
    await tx.query('select id from ledger_accounts where id = any($1::integer[]) order by id for no key update', [accountIds]);
  }
  const posted: PostedTransfer[] = [];
  for (const t of transfers) {
    const transfer = claimed.get(t.idempotencyKey) ?? null;
    posted.push(transfer ? await move(tx, t, transfer) : await replay(tx, t));
  }
  return posted;
}

/**
 * Claims the transfer's idempotency key; null when the key was posted before (a replay). A concurrent
 * duplicate waits on the unique index and then replays the committed result.
 */
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

async function replay(tx: Queryable, t: TransferInput): Promise<PostedTransfer> {
  const rows = await tx.query<StoredTransfer>(
    `select t.idempotency_key, t.id, t.debit_account_id, t.credit_account_id, t.amount_paise, t.reason, t.reference, t.created_at,
            d.balance_after_paise as debit_after, c.balance_after_paise as credit_after
     from ledger_transfers t
     join ledger_entries d on d.transfer_id = t.id and d.account_id = t.debit_account_id
     join ledger_entries c on c.transfer_id = t.id and c.account_id = t.credit_account_id
     where t.idempotency_key = $1`,
    [t.idempotencyKey],
  );
  const stored = rows[0];
  assert(stored, `transfer ${t.idempotencyKey} conflicted but cannot be read`);
  if (!isSameContent(storedAsInput(stored), t))
    throw new AppError('IDEMPOTENCY_CONFLICT', `key ${t.idempotencyKey} was posted with different content`);
  return {
    id: stored.id,
    debitBalanceAfterPaise: stored.debit_after,
    creditBalanceAfterPaise: stored.credit_after,
    createdAt: stored.created_at,
    isReplay: true,
  };
}

/**
 * Moves the money of a claimed transfer in one statement: lock both accounts in id order (count(*)
 * reads the locking scan to the end), take the conditional debit of a player account (the CHECK
 * constraint stands behind it), the credit only if the debit happened, and both entries. The lock is
 * FOR NO KEY UPDATE (what an UPDATE of the balance takes anyway), which coexists with the FOR KEY SHARE
 * locks that foreign-key checks of concurrent inserts hold on the same accounts.
 */
async function move(tx: Queryable, t: TransferInput, transfer: ClaimedTransfer): Promise<PostedTransfer> {
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
  if (debitAfter === null) throw await whyNothingMoved(tx, t);
  if (creditAfter === null) throw new Error(`ledger account ${t.creditAccountId} does not exist`);
  return {
    id: transfer.id,
    debitBalanceAfterPaise: debitAfter,
    creditBalanceAfterPaise: creditAfter,
    createdAt: transfer.created_at,
    isReplay: false,
  };
}

/** Nothing moved: an account does not exist, or the debit would overdraw a player account. */
async function whyNothingMoved(tx: Queryable, t: TransferInput): Promise<Error> {
  const rows = await tx.query<{ id: number; kind: string; balance_paise: bigint }>(
    'select id, kind, balance_paise from ledger_accounts where id in ($1, $2)',
    [t.debitAccountId, t.creditAccountId],
  );
  for (const id of [t.debitAccountId, t.creditAccountId])
    if (!rows.some((row) => row.id === id)) return new Error(`ledger account ${id} does not exist`);
  const account = rows.find((row) => row.id === t.debitAccountId)!;
  const shortPaise = t.amountPaise - account.balance_paise;
  return new AppError(
    account.kind === 'bonus' ? 'INSUFFICIENT_BONUS' : 'INSUFFICIENT_BALANCE',
    `account ${t.debitAccountId} short by ${shortPaise} paise`,
  );
}
