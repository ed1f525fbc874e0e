import type { Db } from '../../platform/db/db.ts';
import { GroupCommitLane, type LaneSettings } from '../../platform/group-commit.ts';
import { postEachTransfer, type TransferOutcome } from './post-each-transfer.ts';
import type { TransferInput } from './post-transfer.ts';

/**
 * The ledger's group commit for transfers that stand alone (decision 0015): transfers submitted
 * within a few milliseconds are posted together by `postEachTransfer` in one transaction, and each
 * caller hears its own outcome (posted, a replay, or refused with its code); one refusal never fails
 * the others. A caller whose transfer belongs with other writes (a bet row, a withdrawal order) uses
 * a batch of its own that holds both, as the lottery and the crash games do.
 */
export class TransferBatcher {
  private readonly lane: GroupCommitLane<TransferInput, TransferOutcome>;

  constructor(db: Db, settings: LaneSettings) {
    this.lane = new GroupCommitLane(settings, (transfers) => db.transaction((tx) => postEachTransfer(tx, transfers)));
  }

  post(transfer: TransferInput): Promise<TransferOutcome> {
    return this.lane.submit(transfer);
  }
}
