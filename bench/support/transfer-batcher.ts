import type { Db } from '../../apps/server/src/platform/db/db.ts';
import { GroupCommitLane, type LaneSettings } from '../../apps/server/src/platform/group-commit.ts';
import {
  isKeyRace,
  MAX_KEY_RACE_ATTEMPTS,
  postEach,
  type TransferInput,
  type TransferOutcome,
} from '../../apps/server/src/modules/wallet/ledger.ts';

/**
 * The ledger's group commit for transfers that stand alone (decision 0015), as `bench ledger` measures
 * it: transfers submitted within a few milliseconds are posted together by `postEach` in one
 * transaction, and each caller hears its own outcome (posted, a replay, or refused with its code); one
 * refusal never fails the others. The server's batchers (bets, cash-outs, a studio's calls) do the same
 * with the rows their transfers belong with.
 *
 * One batch in flight (not several lanes): batches share the house shards, so a second batch in
 * flight only waits on their locks — measured in `bench ledger`, two and four lanes posted fewer
 * transfers a second than one.
 */
export class TransferBatcher {
  private readonly lane: GroupCommitLane<TransferInput, TransferOutcome>;

  constructor(db: Db, settings: LaneSettings) {
    this.lane = new GroupCommitLane(settings, (transfers) => postBatch(db, transfers));
  }

  post(transfer: TransferInput): Promise<TransferOutcome> {
    return this.lane.submit(transfer);
  }
}

/**
 * The batch is its transaction's only work, so a key committed by another node under it (a unique
 * violation, see `postEach`) aborts the transaction and the batch runs again from its locks.
 */
async function postBatch(db: Db, transfers: TransferInput[]): Promise<TransferOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => postEach(tx, transfers, { isWholeTransaction: true }));
    } catch (error) {
      if (!isKeyRace(error) || attempt >= MAX_KEY_RACE_ATTEMPTS) throw error;
    }
  }
}
