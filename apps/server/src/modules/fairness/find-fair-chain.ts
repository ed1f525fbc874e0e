import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { gameRoom } from './fair-room.ts';

type ChainRow = { id: number; commitment: string; salt: string; chain_length: number; edge: number };

/** The room's active chain as published before its first round: its commitment s_0, salt, length and edge. */
export async function findFairChain(db: Queryable, game: string, roomName: string) {
  const room = gameRoom(game, roomName);
  const rows = await db.query<ChainRow>(
    'select id, commitment, salt, chain_length, edge from fair_chains where room = $1 and is_active',
    [room],
  );
  const chain = rows[0];
  if (!chain) throw new AppError('ROOM_UNKNOWN', `room ${room} has no chain yet`);
  return {
    chainId: chain.id,
    commitment: chain.commitment,
    salt: chain.salt,
    chainLength: chain.chain_length,
    edge: chain.edge,
  };
}
