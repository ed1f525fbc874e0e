// What the back office's games screen shows the same way for every game (its chains, stakes per day),
// as pure functions of rows: each game's operator-reads.ts holds its own SELECTs, so that what the
// console reads of a game, and that a seed leaves only with a settled round, stays in that one file.

/** A room's active chain as the games screen shows it. */
export type OperatorChainView = { chainId: number; commitment: string; salt: string; chainLength: number };

/** The active chains a game read (one per room), by room. */
export function chainsByRoom(
  rows: readonly { id: number; room: string; commitment: string; salt: string; chain_length: number }[],
): Map<string, OperatorChainView> {
  return new Map(
    rows.map((row) => [row.room, { chainId: row.id, commitment: row.commitment, salt: row.salt, chainLength: row.chain_length }]),
  );
}

/** One room's bets of one business day, or a part of them (the bets of one edge, of one selection). */
export type StakeDay = {
  room: string;
  day: number;
  bets: number;
  stakesPaise: bigint;
  expectedWinsPaise: bigint;
  /** Null where the game's wins are read from the ledger instead. */
  winsPaise: bigint | null;
};

/** Adds up the parts of each room's day, in the order the days first appear. */
export function sumStakeDays(parts: Iterable<StakeDay>): StakeDay[] {
  const days = new Map<string, StakeDay>();
  for (const part of parts) {
    const key = `${part.room} ${part.day}`;
    const day = days.get(key);
    if (!day) {
      days.set(key, { ...part });
      continue;
    }
    day.bets += part.bets;
    day.stakesPaise += part.stakesPaise;
    day.expectedWinsPaise += part.expectedWinsPaise;
    day.winsPaise = day.winsPaise === null || part.winsPaise === null ? null : day.winsPaise + part.winsPaise;
  }
  return [...days.values()];
}
