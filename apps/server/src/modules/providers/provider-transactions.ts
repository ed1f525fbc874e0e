import type { Queryable } from '../../platform/db/db.ts';
import { WalletRefusal } from './wallet-calls.ts';

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
  if (!isSame) throw new WalletRefusal('TRANSACTION_CONFLICT', 'this transaction id was used with different content');
}
