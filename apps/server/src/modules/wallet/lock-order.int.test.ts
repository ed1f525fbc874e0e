import { describe, expect, it } from 'vitest';
import { twoPlayersAndTheHouse } from '../../../test/ledger-moves.ts';
import { openHouseShards, payOutInOwnTransaction } from '../../../test/ledger-payouts.ts';
import { checkLedger } from './check-ledger.ts';
import { postEach, postGroup, type TransferInput } from './ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

// Single transfers (alone, or two in one group like a bet and its fee), batches and payouts in the
// caller's transaction, in both directions between two players and the house, all at once: every way
// of posting in its lock order. On PostgreSQL every one must go through (no deadlock reaches a caller)
// and the ledger must balance.

const server = serverForFile();

const ROUNDS = 60;
const CALLERS = 16;

describe('transfers under load in every direction', () => {
  it('posts every single, paired and batched transfer between two players and the house', async () => {
    let sequence = 0;
    const nextKey = () => `lock-order-${(sequence += 1)}`;
    const { first, second, a, b, house, fees, move } = await twoPlayersAndTheHouse(server, 10_000_000n, nextKey);
    await openHouseShards(server, 'room:lock-order');
    const single = (t: TransferInput) => server.ctx.db.transaction((tx) => postGroup(tx, [t]));
    // Two transfers in one transaction, as a deposit and its invite bonus, in crossing directions.
    const paired = (one: TransferInput, two: TransferInput) => server.ctx.db.transaction((tx) => postGroup(tx, [one, two]));
    const batch = async (transfers: TransferInput[]) => {
      const outcomes = await server.ctx.db.transaction((tx) => postEach(tx, transfers));
      if (!outcomes.every((outcome) => outcome.isPosted)) throw new Error('a batch transfer was refused');
    };
    // Both players paid from their shards of a room, as a crash round's wins with its settlement.
    const payout = () =>
      payOutInOwnTransaction(server, {
        housePurpose: 'room:lock-order',
        reason: 'payout',
        rows: [first.userId, second.userId].map((userId) => ({
          idempotencyKey: nextKey(),
          userId,
          amountPaise: 7n,
          reference: null,
        })),
      });

    const work: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < ROUNDS; i++) {
      work.push(
        () => single(move(a, b, 100n)),
        () => single(move(b, a, 100n)),
        () => single(move(a, house, 50n)),
        () => single(move(house, b, 50n)),
        () => single(move(b, house, 50n)),
        () => single(move(house, a, 50n)),
        () => paired(move(a, house, 30n), move(a, fees, 1n)),
        () => paired(move(b, house, 30n), move(b, fees, 1n)),
        () => paired(move(house, a, 20n), move(b, a, 10n)),
        () => paired(move(fees, b, 1n), move(a, b, 10n)),
        () => batch([move(house, a, 60n), move(house, b, 60n), move(a, fees, 1n), move(b, house, 5n)]),
        () => batch([move(a, house, 40n), move(b, house, 40n), move(fees, a, 1n)]),
        () => payout(),
      );
    }
    // Sixteen callers at a time, each taking the next piece of work, in an order that mixes the kinds.
    const failures: string[] = [];
    let next = 0;
    const caller = async () => {
      while (next < work.length) {
        const run = work[(next++ * 7) % work.length]!;
        await run().catch((error: { code?: string }) => failures.push(String(error.code ?? error)));
      }
    };
    await Promise.all(Array.from({ length: CALLERS }, caller));
    expect(failures).toEqual([]);

    // Every move happened exactly once: each balance is the start plus the sum of its moves.
    const [balanceA, balanceB] = await Promise.all(
      [a, b].map(async (id) => {
        const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(
          'select balance_paise from ledger_accounts where id = $1',
          [id],
        );
        return row!.balance_paise;
      }),
    );
    const perRoundA = -100n + 100n - 50n + 50n - 30n - 1n + 20n + 10n - 10n + 60n - 1n - 40n + 1n + 7n;
    const perRoundB = 100n - 100n + 50n - 50n - 30n - 1n - 10n + 1n + 10n + 60n - 5n - 40n + 7n;
    expect(balanceA).toBe(10_000_000n + perRoundA * BigInt(ROUNDS));
    expect(balanceB).toBe(10_000_000n + perRoundB * BigInt(ROUNDS));
    const report = await checkLedger(server.ctx.db);
    expect(report.violations).toEqual([]);
  }, 120_000);
});
