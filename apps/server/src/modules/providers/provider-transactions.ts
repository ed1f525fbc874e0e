import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';

// The studio's transaction ids, claimed once per provider: the unique index decides replays, and a
// concurrent duplicate waits for the first one's commit and then finds it.

export type ProviderTransactionRow = {
  id: bigint;
  kind: 'debit' | 'credit' | 'rollback';
  user_id: number;
  round_id: string;
  amount_paise: bigint;
  reference_transaction_id: string | null;
  transfer_key: string | null;
  state: 'accepted' | 'rolled_back' | 'never_received' | 'unknown_reference' | 'no_effect';
};

export type NewProviderTransaction = {
  providerId: string;
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  userId: number;
  sessionId: bigint | null;
  gameCode: string | null;
  roundId: string;
  amountPaise: bigint;
  referenceTransactionId: string | null;
  transferKey: string | null;
  state: ProviderTransactionRow['state'];
  now: Date;
};

const COLUMNS = 'id, kind, user_id, round_id, amount_paise, reference_transaction_id, transfer_key, state';

/** Inserts the row; null when the transaction id was claimed before (then read it with findProviderTransaction). */
export async function claimProviderTransaction(tx: Queryable, row: NewProviderTransaction): Promise<bigint | null> {
  const [claimed] = await tx.query<{ id: bigint }>(
    `insert into provider_transactions (provider_id, transaction_id, kind, user_id, session_id, game_code, round_id,
       amount_paise, reference_transaction_id, transfer_key, state, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (provider_id, transaction_id) do nothing
     returning id`,
    [
      row.providerId,
      row.transactionId,
      row.kind,
      row.userId,
      row.sessionId,
      row.gameCode,
      row.roundId,
      row.amountPaise,
      row.referenceTransactionId,
      row.transferKey,
      row.state,
      row.now,
    ],
  );
  return claimed?.id ?? null;
}

export async function findProviderTransaction(
  tx: Queryable,
  providerId: string,
  transactionId: string,
  isLocked = false,
): Promise<ProviderTransactionRow | null> {
  const [row] = await tx.query<ProviderTransactionRow>(
    `select ${COLUMNS} from provider_transactions where provider_id = $1 and transaction_id = $2${isLocked ? ' for update' : ''}`,
    [providerId, transactionId],
  );
  return row ?? null;
}

/**
 * A replayed transaction id must carry what it carried the first time: the same kind, player, round
 * and amount (and debit, for a rollback). Anything else is a studio bug, refused without a change.
 */
export function assertSameTransaction(
  stored: ProviderTransactionRow,
  given: { kind: string; userId: number; roundId: string; amountPaise: bigint | null; referenceTransactionId?: string | null },
): void {
  const isSame =
    stored.kind === given.kind &&
    stored.user_id === given.userId &&
    stored.round_id === given.roundId &&
    (given.amountPaise === null || stored.amount_paise === given.amountPaise) &&
    (given.referenceTransactionId === undefined || stored.reference_transaction_id === given.referenceTransactionId);
  if (!isSame) throw new Refusal('TRANSACTION_CONFLICT', 'this transaction id was used with different content');
}

/** The stored rows of several transaction ids (replays of a batch), by transaction id. */
export async function findProviderTransactions(
  tx: Queryable,
  providerId: string,
  transactionIds: readonly string[],
): Promise<Map<string, ProviderTransactionRow>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await tx.query<ProviderTransactionRow & { transaction_id: string }>(
    `select transaction_id, ${COLUMNS} from provider_transactions where provider_id = $1 and transaction_id = any($2::text[])`,
    [providerId, transactionIds],
  );
  return new Map(rows.map((row) => [row.transaction_id, row]));
}

/**
 * Locks the accepted debits of the given rounds of their players and names the rounds that have one
 * (`<user id>:<round id>`). A credit needs such a debit; a rollback locks its debit too, so a credit
 * and a rollback of one round serialise on the same row. Rounds are visited in (player, round) order
 * and each round's debits in id order, one index probe each (the lateral subquery with its lock is
 * never flattened into a join that would scan every debit of the provider).
 */
export async function lockOpenDebitRounds(
  tx: Queryable,
  providerId: string,
  rounds: ReadonlyArray<{ userId: number; roundId: string }>,
): Promise<Set<string>> {
  if (rounds.length === 0) return new Set();
  const ordered = [...rounds].sort((a, b) => a.userId - b.userId || (a.roundId < b.roundId ? -1 : a.roundId > b.roundId ? 1 : 0));
  const rows = await tx.query<{ user_id: number; round_id: string }>(
    `select r.user_id, r.round_id
     from unnest($2::integer[], $3::text[]) as r (user_id, round_id)
     cross join lateral (
       select t.id from provider_transactions t
       where t.provider_id = $1 and t.round_id = r.round_id and t.user_id = r.user_id and t.kind = 'debit' and t.state = 'accepted'
       order by t.id for update
     ) locked`,
    [providerId, ordered.map((round) => round.userId), ordered.map((round) => round.roundId)],
  );
  return new Set(rows.map((row) => roundKey(row.user_id, row.round_id)));
}

export const roundKey = (userId: number, roundId: string): string => `${userId}:${roundId}`;

/** Takes back claims of calls that were refused in the end: a refusal is not recorded (decision 0026). */
export async function unclaimProviderTransactions(tx: Queryable, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('delete from provider_transactions where id = any($1::bigint[])', [ids.map(String)]);
}
