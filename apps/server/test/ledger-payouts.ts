import { HOUSE_SHARD_COUNT, shardedHouseAccountId } from '../src/modules/wallet/accounts.ts';
import { payOut, type Payouts } from '../src/modules/wallet/ledger.ts';
import type { HousePurpose } from '../src/modules/wallet/transfer-reasons.ts';
import type { TestServer } from './test-server.ts';

// Payouts as a round's settlement makes them: from the shards of a house account (a room's), in a
// transaction of their own.

/** Opens every shard of the house account `purpose`, as the first settlement of a room would. */
export async function openHouseShards(server: TestServer, purpose: HousePurpose): Promise<void> {
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(server.ctx.db, purpose, shard);
}

/** Pays `payouts` in one transaction of their own. */
export function payOutInOwnTransaction(server: TestServer, payouts: Payouts) {
  return server.ctx.db.transaction((tx) => payOut({ inTransaction: tx }, payouts));
}
