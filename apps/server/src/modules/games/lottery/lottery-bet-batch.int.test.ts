import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../../test/payments.ts';
import { quickPlayer } from '../../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerBalances } from '../../wallet/accounts.ts';
import type { LotteryBetRequest } from './lottery-bet-batch.ts';
import { LotteryEvents } from './lottery-events.ts';
import { tickLottery } from './lottery-clock.ts';
import { placeBetBatch } from './place-bet.ts';

// The lottery's group commit (decision 0015): one batch decides each bet on its own and moves money
// only for the bets it accepts, on PGlite and, with DATABASE_URL, on PostgreSQL.

let server: TestServer;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
let period = '';
let closesAtMs = 0;

beforeAll(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '10' });
  server.clock.advance(T0 - server.clock.now().getTime());
  await tickLottery(server.ctx, new LotteryEvents(), T0);
  const [round] = await server.ctx.db.query<{ period: string; betting_closes_at: Date }>(
    "select period, betting_closes_at from lottery_rounds where room = 'wingo-1' and state = 'open'",
  );
  period = round!.period;
  closesAtMs = round!.betting_closes_at.getTime();
});
afterAll(async () => {
  await server.stop();
});

function request(
  userId: number,
  stakePaise: bigint,
  extra: { requestKey?: string; selection?: string; period?: string; at?: number } = {},
): LotteryBetRequest {
  const feePaise = (stakePaise * 2n + 99n) / 100n;
  return {
    userId,
    bet: {
      room: 'wingo-1',
      period: extra.period ?? period,
      selection: extra.selection ?? 'red',
      contractMoneyPaise: stakePaise,
      contractCount: 1,
      requestKey: extra.requestKey,
    },
    stakePaise,
    feePaise,
    receivedAtMs: extra.at ?? T0 + 1_000,
  };
}

const outcome = (answer: unknown) => (answer instanceof AppError ? answer.code : 'placed');

async function betCount(userId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ count: bigint }>('select count(*) from lottery_bets where user_id = $1', [userId]);
  return row!.count;
}

describe('a batch of lottery bets', () => {
  it('answers each bet on its own and moves money only for the accepted ones', async () => {
    const rich = await quickPlayer(server, { cashPaise: 10_000n });
    const poor = await quickPlayer(server, { cashPaise: 150n });
    const earlier = await placeBetBatch(server.ctx, [request(rich.userId, 200n, { requestKey: 'earlier' })]);
    expect(earlier.map(outcome)).toEqual(['placed']);

    const answers = await placeBetBatch(server.ctx, [
      request(rich.userId, 500n, { requestKey: 'k1' }),
      request(poor.userId, 120n),
      request(rich.userId, 500n, { requestKey: 'k1' }),
      request(poor.userId, 120n, { requestKey: 'too-much' }),
      request(rich.userId, 600n, { requestKey: 'k1' }),
      request(rich.userId, 300n, { period: '19990101000001' }),
      request(rich.userId, 300n, { at: closesAtMs }),
      request(rich.userId, 200n, { requestKey: 'earlier' }),
      request(rich.userId, 300n, { requestKey: 'earlier', selection: 'green' }),
      request(poor.userId, 30n, { requestKey: 'last' }),
    ]);

    expect(answers.map(outcome)).toEqual([
      'placed',
      'placed',
      'placed',
      'INSUFFICIENT_BALANCE',
      'IDEMPOTENCY_CONFLICT',
      'PERIOD_UNKNOWN',
      'BETTING_CLOSED',
      'placed',
      'IDEMPOTENCY_CONFLICT',
      // 150 − 120 leaves 30, which covers the last bet's 30 (fee 1 included in the stake).
      'placed',
    ]);
    const placed = answers.map((answer) => (answer instanceof AppError ? null : answer));
    // A repeat within the batch is the same bet; a retry of an earlier batch's key is the earlier bet.
    expect(placed[2]!.bet.id).toBe(placed[0]!.bet.id);
    expect(placed[7]!.bet.id).toBe((earlier[0] as { bet: { id: string } }).bet.id);
    // New bets carry the balance their stake left; retries the balance now (after this batch).
    expect(placed[0]!.balance).toBe('93.00');
    expect(placed[1]!.balance).toBe('0.30');
    expect(placed[9]!.balance).toBe('0.00');
    expect(placed[7]!.balance).toBe('93.00');
    expect(placed[0]!.bet).toMatchObject({ amount: '5.00', fee: '0.10', delivery: '4.90', status: 'pending', period });

    expect((await findPlayerBalances(server.ctx.db, rich.userId)).cashPaise).toBe(10_000n - 200n - 500n);
    expect((await findPlayerBalances(server.ctx.db, poor.userId)).cashPaise).toBe(0n);
    expect(await betCount(rich.userId)).toBe(2n);
    expect(await betCount(poor.userId)).toBe(2n);
    await expectLedgerBalanced(server);
  });
});
