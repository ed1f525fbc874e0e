import type { Db } from '../../platform/db/db.ts';
import type { HousePurpose } from '../wallet/transfer-reasons.ts';
import { shardedHouseAccountId } from '../wallet/accounts.ts';

// Each provider has one house account (sharded by player like the game rooms, decision 0004): bets go
// from the player's cash to it, wins and refunds come back from it. Its balance is the house's result
// with that studio, which reconciliation compares with the studio's own figures.

export function providerHousePurpose(providerId: string): HousePurpose {
  return `room:provider-${providerId}`;
}

export function providerHouseAccountId(db: Db, providerId: string, userId: number): Promise<number> {
  return shardedHouseAccountId(db, providerHousePurpose(providerId), userId);
}

/** The ledger transfer key of a studio's transaction: unique per provider and transaction id. */
export function providerTransferKey(providerId: string, kind: 'debit' | 'credit' | 'rollback', transactionId: string): string {
  return `provider:${providerId}:${kind}:${transactionId}`;
}
