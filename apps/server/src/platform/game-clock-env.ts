import { z } from 'zod';
import { flag, wholeNumber, type Deployment } from './env-fields.ts';

// The game clock: one node at a time (the holder of its lease, platform/leader.ts) steps the lottery's
// periods and the crash rooms' rounds, and runs the other clocks of the leader.

export type GameClockSettings = {
  /** Whether this process competes to run the game clock (tests drive the clock themselves). */
  isEnabled: boolean;
  /** How often the leader runs a step of the lottery's clock and of the crash rooms' clock. */
  stepIntervalMs: number;
  /** How often a node that does not lead tries for the game clock's lease. */
  retryMs: number;
  /**
   * The game clock lease's length on the database's clock (decision 0030): a leader that hangs loses
   * the clock this long after its last renewal, plus one try of another node.
   */
  leaseMs: number;
};

export function gameClockEnv({ env: nodeEnv }: Deployment) {
  return z
    .object({
      GAME_CLOCK: flag(nodeEnv !== 'test'),
      GAME_CLOCK_INTERVAL_MS: wholeNumber(250, { atLeast: 50 }),
      GAME_CLOCK_RETRY_MS: wholeNumber(3_000, { atLeast: 50 }),
      GAME_CLOCK_LEASE_MS: wholeNumber(3_000, { atLeast: 1_000 }),
    })
    .transform((fields): GameClockSettings => ({
      isEnabled: fields.GAME_CLOCK,
      stepIntervalMs: fields.GAME_CLOCK_INTERVAL_MS,
      retryMs: fields.GAME_CLOCK_RETRY_MS,
      leaseMs: fields.GAME_CLOCK_LEASE_MS,
    }));
}
