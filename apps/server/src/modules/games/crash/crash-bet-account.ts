import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { shardedHouseAccountId } from '../../wallet/accounts.ts';

/**
 * The room account shard that holds this bet's stake, looked up before any transaction opens (on the
 * embedded database a lookup on the pool inside a transaction would wait for that transaction).
 */
export async function houseAccountOfBet(ctx: AppContext, userId: number, betId: bigint): Promise<number> {
  const rows = await ctx.db.query<{ room: string }>('select room from crash_bets where id = $1 and user_id = $2', [
    betId,
    userId,
  ]);
  if (!rows[0]) throw new AppError('BET_UNKNOWN', `bet ${betId} for user ${userId}`);
  return shardedHouseAccountId(ctx.db, `room:${rows[0].room}`, userId);
}
