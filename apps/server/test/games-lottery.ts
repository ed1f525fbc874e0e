import { parseMoney } from '@mayur/rules/money';
import { expect } from 'vitest';
import { quickPlayer } from './players.ts';
import type { TestServer } from './test-server.ts';

// Bets of the lottery tests, placed through the API.

/** Bets `amount` on both Bit Game sizes of `period`: exactly one of the two wins, whatever the result. */
export async function betBothBitgameSizes(server: TestServer, token: string, period: string, amount: string): Promise<void> {
  for (const select of ['big', 'small'])
    expect((await server.call('/bitgame/pour', { period, select, amount }, { token })).body.res).toBe(1);
}

/** A player funded with ₹10,000 for each stake, who bets it on both Bit Game sizes of `period`. */
export async function bitgamePlayersBettingBothSizes(server: TestServer, period: string, stakes: readonly string[]) {
  const players = [];
  for (const amount of stakes) {
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    await betBothBitgameSizes(server, player.token, period, amount);
    players.push({ player, stakePaise: parseMoney(amount)! });
  }
  return players;
}
