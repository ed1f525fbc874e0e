import { randomBytes } from 'node:crypto';
import { previousSeed } from '@mayur/fairness';
import type { Db, Queryable } from '../../platform/db/db.ts';

export type ChainGame = 'wingo' | 'bitgame' | 'crash';

export type ActiveChain = { id: number; commitment: string; salt: string; chainLength: number; edge: number; nextIndex: number };

const INSERT_BATCH = 5_000;

/**
 * Generates a chain from a CSPRNG seed s_N backwards to s_1 and returns [s_0 (commitment), s_1 … s_N].
 * Round k of the chain will use s_k.
 */
export function generateChain(length: number): string[] {
  const seeds = new Array<string>(length + 1);
  seeds[length] = randomBytes(32).toString('hex');
  for (let i = length; i > 0; i--) seeds[i - 1] = previousSeed(seeds[i]!);
  return seeds;
}

/** Creates and activates a new chain for a room (retiring the old one), seeds stored, commitment public. */
export async function createChain(db: Db, game: ChainGame, room: string, length: number): Promise<ActiveChain> {
  const seeds = generateChain(length);
  const salt = `mayur:${room}:${randomBytes(8).toString('hex')}`;
  return db.transaction(async (tx) => {
    await tx.query('update fair_chains set is_active = false where room = $1 and is_active', [room]);
    const [chain] = await tx.query<{ id: number }>(
      'insert into fair_chains (game, room, commitment, salt, chain_length, edge) values ($1, $2, $3, $4, $5, 1) returning id',
      [game, room, seeds[0], salt, length],
    );
    for (let start = 1; start <= length; start += INSERT_BATCH) {
      const indices: number[] = [];
      const values: string[] = [];
      for (let i = start; i < Math.min(start + INSERT_BATCH, length + 1); i++) {
        indices.push(i);
        values.push(seeds[i]!);
      }
      await tx.query('insert into fair_seeds (chain_id, chain_index, seed) select $1, * from unnest($2::int[], $3::text[])', [
        chain!.id,
        indices,
        values,
      ]);
    }
    return { id: chain!.id, commitment: seeds[0]!, salt, chainLength: length, edge: 1, nextIndex: 1 };
  });
}

export async function findActiveChain(db: Queryable, room: string): Promise<ActiveChain | null> {
  const rows = await db.query<{
    id: number;
    commitment: string;
    salt: string;
    chain_length: number;
    edge: number;
    next_index: number;
  }>('select id, commitment, salt, chain_length, edge, next_index from fair_chains where room = $1 and is_active', [room]);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        commitment: row.commitment,
        salt: row.salt,
        chainLength: row.chain_length,
        edge: row.edge,
        nextIndex: row.next_index,
      }
    : null;
}

/** A room always has an active chain with unused indices; a new one is committed before it is needed. */
export async function ensureActiveChain(db: Db, game: ChainGame, room: string, length: number): Promise<ActiveChain> {
  const active = await findActiveChain(db, room);
  if (active && active.nextIndex <= active.chainLength) return active;
  return createChain(db, game, room, length);
}

/** Takes the next chain index of the room's active chain, inside the caller's transaction. */
export async function takeChainIndex(tx: Queryable, room: string): Promise<{ chainId: number; chainIndex: number } | null> {
  const rows = await tx.query<{ id: number; taken: number }>(
    `update fair_chains set next_index = next_index + 1
     where room = $1 and is_active and next_index <= chain_length
     returning id, next_index - 1 as taken`,
    [room],
  );
  return rows[0] ? { chainId: rows[0].id, chainIndex: rows[0].taken } : null;
}

export async function findSeed(db: Queryable, chainId: number, chainIndex: number): Promise<string> {
  const rows = await db.query<{ seed: string }>('select seed from fair_seeds where chain_id = $1 and chain_index = $2', [
    chainId,
    chainIndex,
  ]);
  if (!rows[0]) throw new Error(`seed ${chainId}/${chainIndex} is missing`);
  return rows[0].seed;
}
