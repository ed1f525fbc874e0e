import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../test/players.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { LotteryEvents } from '../modules/games/lottery/lottery-events.ts';
import { tickLottery } from '../modules/games/lottery/lottery-clock.ts';

// The metrics operators watch (deploy/prometheus/alerts.yml): money operations by room and outcome
// with their latency, gateway callback failures, settlement lag, open withdrawals, the clock leader.

let server: TestServer;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

beforeEach(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '10' });
  server.clock.advance(T0 - server.clock.now().getTime());
});
afterEach(async () => {
  await server.stop();
});

async function scrape(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample, by its exact name and labels as Prometheus prints them. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operator metrics', () => {
  it('count bets by game, room and outcome (ok or the refusal code), with their latency', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await tickLottery(server.ctx, new LotteryEvents(), T0);
    const state = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    const pour = (contractMoney: string) =>
      server.call(
        '/wingo/pour',
        { min: 60, period: state.period, select: 'red', contractMoney, contractCount: 1, agree: true },
        { token: player.token },
      );
    expect((await pour('10')).body.res).toBe(1);
    expect((await pour('10')).body.res).toBe(1);
    expect((await pour('1')).body.code).toBe('BET_TOO_SMALL');
    // A room name the client made up is not a label of its own.
    await server.call('/lottery/pour', { room: 'made-up-room', period: 'x' }, { token: player.token });

    const text = await scrape();
    expect(sample(text, 'mayur_operations_total{operation="bet",game="lottery",room="wingo-1",outcome="ok"}')).toBe(2);
    expect(sample(text, 'mayur_operations_total{operation="bet",game="lottery",room="wingo-1",outcome="BET_TOO_SMALL"}')).toBe(1);
    expect(text).not.toContain('made-up-room');
    expect(sample(text, 'mayur_operation_duration_seconds_count{operation="bet",game="lottery",room="wingo-1"}')).toBe(3);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('count refused gateway callbacks as webhook failures', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/pay/callback/sandbox',
      headers: { 'content-type': 'application/json', 'x-signature-timestamp': '1', 'x-signature': 'bad' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
    expect(sample(await scrape(), 'mayur_payment_callbacks_total{gateway="sandbox",outcome="refused_signature"}')).toBe(1);
  });

  it('read settlement lag and open withdrawals from the database, and whether this node leads the clock', async () => {
    await tickLottery(server.ctx, new LotteryEvents(), T0);
    const onTime = await scrape();
    expect(sample(onTime, 'mayur_settlement_lag_seconds{game="lottery"}')).toBe(0);
    expect(sample(onTime, 'mayur_withdrawals_open{state="pending"}')).toBe(0);
    expect(sample(onTime, 'mayur_database_up')).toBe(1);
    expect(sample(onTime, 'mayur_clock_leader')).toBe(0);

    // A round that ended two minutes ago and was never settled (no clock ran): the lag shows it.
    server.clock.advance(5_000);
    await server.ctx.db.query(
      `update lottery_rounds set ends_at = $1::timestamptz - interval '120 seconds', betting_closes_at = $1::timestamptz - interval '130 seconds'
       where id = (select min(id) from lottery_rounds)`,
      [server.clock.now()],
    );
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const late = sample(await scrape(), 'mayur_settlement_lag_seconds{game="lottery"}');
    expect(late).toBeGreaterThanOrEqual(119);
    expect(late).toBeLessThan(200);
  });
});
