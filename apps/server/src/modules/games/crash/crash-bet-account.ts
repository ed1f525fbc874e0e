import { CRASH_ROOM_IDS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Db } from '../../../platform/db/db.ts';
import { HOUSE_SHARD_COUNT, houseShardPurpose, shardedHouseAccountId } from '../../wallet/accounts.ts';

/** The room account shard that holds a player's stakes in each crash room. */
export type RoomHouseAccounts = (room: CrashRoomId, userId: number) => number;

const known = new WeakMap<Db, Promise<RoomHouseAccounts>>();

/**
 * Every crash room's account shards, looked up once per process and before any transaction opens (on
 * the embedded database a lookup on the pool inside a transaction would wait for that transaction).
 * House account ids never change once created, so a batch names a bet's shard without a query.
 */
export function roomHouseAccounts(db: Db): Promise<RoomHouseAccounts> {
  let accounts = known.get(db);
  if (!accounts) {
    accounts = lookUpRoomHouseAccounts(db);
    known.set(db, accounts);
    // A failed lookup (the database was down) is tried again by the next batch, not remembered.
    accounts.catch(() => known.delete(db));
  }
  return accounts;
}

async function lookUpRoomHouseAccounts(db: Db): Promise<RoomHouseAccounts> {
  const purposes = CRASH_ROOM_IDS.flatMap((room) =>
    Array.from({ length: HOUSE_SHARD_COUNT }, (_, shard) => ({ room, shard, purpose: houseShardPurpose(`room:${room}`, shard) })),
  );
  const found = await Promise.all(purposes.map(({ room, shard }) => shardedHouseAccountId(db, `room:${room}`, shard)));
  const ids = new Map(purposes.map(({ purpose }, index) => [purpose, found[index]!]));
  return (room, userId) => ids.get(houseShardPurpose(`room:${room}`, userId))!;
}
