import type { Logger } from 'pino';
import { CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { LOTTERY_ROOM_IDS, LOTTERY_ROOMS } from '@mayur/rules/lottery-rooms';
import type { Db } from '../../platform/db/db.ts';
import { createChain, findActiveChain, type ChainGame } from './chains.ts';

/** Every room that draws its rounds from a hash chain of its own, with the game the chain is for. */
export function chainedRooms(): Array<{ game: ChainGame; room: string }> {
  return [
    ...LOTTERY_ROOM_IDS.map((room) => ({ game: LOTTERY_ROOMS[room].game, room })),
    ...CRASH_ROOM_IDS.map((room) => ({ game: 'crash' as const, room })),
  ];
}

/**
 * Commits a chain for every room that has none with unused rounds, before the server says it is
 * serving. A chain of 10,000 seeds takes about a third of a second to hash and store, and the embedded
 * database runs on the server's own thread and holds its one connection meanwhile: left to the game
 * clock's first step, the twelve rooms of a fresh database held every request, `/healthz` included,
 * for four seconds after "Mayur is serving". Afterwards a chain is used up only every few days, one
 * room at a time. Returns the rooms that got a chain.
 */
export async function prepareRoomChains(db: Db, chainLength: number, log: Logger): Promise<string[]> {
  const prepared: string[] = [];
  const startedAtMs = Date.now();
  for (const { game, room } of chainedRooms()) {
    const active = await findActiveChain(db, room);
    if (active && active.nextIndex <= active.chainLength) continue;
    try {
      await createChain(db, game, room, chainLength);
      prepared.push(room);
    } catch (error) {
      // Another node starting at the same moment committed the room's chain first (one active chain
      // per room is a unique index): the room has its chain either way.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  if (prepared.length > 0) {
    log.info({ rooms: prepared, chainLength, durationMs: Date.now() - startedAtMs }, 'hash chains committed');
  }
  return prepared;
}
