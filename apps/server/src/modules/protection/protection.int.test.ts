import { LIMIT_CHANGE_DELAY_MS } from '@mayur/rules/protection-rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addBankCard, expectLedgerBalanced, operator, payingPlayer, WITHDRAW_PASSWORD } from '../../../test/payments.ts';
import { lastKolkataMidnightMs, moveTransferTo } from '../../../test/ledger-time.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type Reply, type TestServer } from '../../../test/test-server.ts';
import { LotteryEvents } from '../games/lottery/lottery-events.ts';
import { tickLottery } from '../games/lottery/lottery-clock.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/db.ts';
import { openPostgres } from '../../platform/db/postgres.ts';

// Player protection (decision 0022) through the HTTP API, on PGlite and, with DATABASE_URL, on
// PostgreSQL, where the parallel requests really race on separate connections.

let server: TestServer;
// A minute boundary close to the database's own clock, so that the ledger's times and the app's agree.
const T0 = Math.floor(Date.now() / 60_000) * 60_000;

beforeEach(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' });
  server.clock.advance(T0 - server.clock.now().getTime());
  await tickLottery(server.ctx, new LotteryEvents(), T0);
});
const others: Array<{ node: TestServer; pool: Db | null }> = [];
afterEach(async () => {
  for (const { node, pool } of others.splice(0)) {
    await node.stop();
    await pool?.close();
  }
  await server.stop();
});

/** A second serving process on the same database (its own pool on PostgreSQL), at the same time. */
async function secondNode(): Promise<TestServer> {
  const databaseUrl = server.ctx.config.databaseUrl;
  const pool = databaseUrl ? await openPostgres(databaseUrl, 10) : null;
  const node = await startTestServer(
    { LOTTERY_CHAIN_LENGTH: '50', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { db: pool ?? server.ctx.db },
  );
  node.clock.advance(server.clock.now().getTime() - node.clock.now().getTime());
  others.push({ node, pool });
  return node;
}

async function period(): Promise<string> {
  return (await server.call('/wingo/getPeriod', { min: 60 })).body.obj.period;
}

async function setLimit(token: string, kind: string, limitPeriod: string, amount: string) {
  const reply = await server.call('/protection/setLimit', { kind, period: limitPeriod, amount }, { token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj;
}

const limitIn = (state: any, kind: string, limitPeriod: string) =>
  state.limits.find((limit: any) => limit.kind === kind && limit.period === limitPeriod);

async function wingoBet(token: string, amount = '10', requestKey?: string): Promise<Reply> {
  return server.call(
    '/wingo/pour',
    { min: 60, period: await period(), select: 'red', contractMoney: amount, contractCount: 1, agree: true, requestKey },
    { token },
  );
}

const crashBet = (token: string, slot = 1) => server.call('/gameroket/pour', { room: 'limbo', amount: '10', slot }, { token });

async function netLossPaise(userId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ loss: bigint }>(
    `select coalesce(sum(-e.amount_paise), 0)::bigint as loss
     from ledger_entries e join ledger_transfers t on t.id = e.transfer_id join ledger_accounts a on a.id = e.account_id
     where a.kind = 'cash' and a.user_id = $1 and t.reason in ('bet', 'fee', 'refund', 'payout')`,
    [userId],
  );
  return row!.loss;
}

async function openOrdersPaise(userId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ total: bigint }>(
    "select coalesce(sum(amount_paise), 0)::bigint as total from deposit_orders where user_id = $1 and status <> 'failed'",
    [userId],
  );
  return row!.total;
}

const codes = (replies: Reply[]) => replies.map((reply) => (reply.body.res === 1 ? 'ok' : reply.body.code));
const count = (list: string[], code: string) => list.filter((item) => item === code).length;

describe('deposit and loss limits', () => {
  it('never lets 20 parallel recharge orders pass a daily deposit limit by a paisa, and names the limit', async () => {
    const player = await quickPlayer(server);
    const state = await setLimit(player.token, 'deposit', 'day', '1000');
    expect(limitIn(state, 'deposit', 'day')).toMatchObject({ amount: '1000.00', used: '0.00', pending: null });

    const replies = await Promise.all(
      Array.from({ length: 20 }, () => server.call('/cash/payNew', { amount: '150', method: 'upi' }, { token: player.token })),
    );
    const outcomes = codes(replies);
    expect(count(outcomes, 'ok')).toBe(6);
    expect(count(outcomes, 'DEPOSIT_LIMIT_REACHED')).toBe(14);
    expect(await openOrdersPaise(player.userId)).toBe(90_000n);
    const refused = replies.find((reply) => reply.body.res === 0)!.body;
    expect(refused.details).toMatchObject({ kind: 'deposit', period: 'day', limit: '1000.00', used: '900.00' });
    const resetsAt = Date.parse(refused.details.resetsAt);
    expect(resetsAt).toBeGreaterThan(T0);
    expect(resetsAt - T0).toBeLessThanOrEqual(24 * 3_600_000);
    // A Kolkata day ends at 18:30 UTC.
    expect(new Date(resetsAt).toISOString().slice(11)).toBe('18:30:00.000Z');

    const after = (await server.call('/protection/state', {}, { token: player.token })).body.obj;
    expect(limitIn(after, 'deposit', 'day').used).toBe('900.00');
    expect(limitIn(after, 'deposit', 'week').used).toBe('900.00');
  });

  it('never lets 20 parallel bets pass a daily loss limit by a paisa, in the lottery and in crash', async () => {
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    await setLimit(player.token, 'loss', 'day', '100');
    // Half the bets reach another node, whose group commit is not this one's: only the row lock orders them.
    const other = await secondNode();
    const currentPeriod = await period();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? server : other).call(
          '/wingo/pour',
          { min: 60, period: currentPeriod, select: 'red', contractMoney: '10', contractCount: 1, agree: true },
          { token: player.token },
        ),
      ),
    );
    const outcomes = codes(replies);
    expect(count(outcomes, 'ok')).toBe(10);
    expect(count(outcomes, 'LOSS_LIMIT_REACHED')).toBe(10);
    expect(await netLossPaise(player.userId)).toBe(10_000n);
    expect(replies.find((reply) => reply.body.res === 0)!.body.details).toMatchObject({
      kind: 'loss',
      period: 'day',
      limit: '100.00',
      used: '100.00',
    });

    const crash = await crashBet(player.token);
    expect(crash.body).toMatchObject({ res: 0, code: 'LOSS_LIMIT_REACHED' });
    const [crashBets] = await server.ctx.db.query<{ n: number }>(
      'select count(*)::integer as n from crash_bets where user_id = $1',
      [player.userId],
    );
    expect(crashBets!.n).toBe(0);
    expect(await netLossPaise(player.userId)).toBe(10_000n);
    const state = (await server.call('/protection/state', {}, { token: player.token })).body.obj;
    expect(state).toMatchObject({ hasLossLimit: true, autoplayMaxRounds: 100 });
    expect(limitIn(state, 'loss', 'day').used).toBe('100.00');
    await expectLedgerBalanced(server);
  });

  it('counts a crash bet staked before Kolkata midnight and cancelled after it on its own day, not as a win of the next', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await setLimit(player.token, 'loss', 'day', '100');
    const queued = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
    expect(queued.body.obj.bet.status).toBe('queued');
    const betId = queued.body.obj.bet.id as string;
    expect((await server.call('/gameroket/cancel', { betId }, { token: player.token })).body.res).toBe(1);
    // The ledger's times are the database's: the stake is moved to 30 s before today's Kolkata
    // midnight, the cancel's refund to just after it.
    const midnightMs = lastKolkataMidnightMs(T0);
    await moveTransferTo(server.ctx.db, `crash-bet:${betId}`, new Date(midnightMs - 30_000));
    await moveTransferTo(
      server.ctx.db,
      `crash-cancel:${betId}`,
      new Date(midnightMs + Math.min(30_000, (Date.now() - midnightMs) / 2)),
    );

    // Today the player has lost nothing and may lose ₹100, not ₹200.
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(codes([await wingoBet(player.token, '10')])[0]!);
    expect(count(outcomes, 'ok')).toBe(10);
    expect(count(outcomes, 'LOSS_LIMIT_REACHED')).toBe(10);
    const state = (await server.call('/protection/state', {}, { token: player.token })).body.obj;
    expect(limitIn(state, 'loss', 'day').used).toBe('100.00');
  });

  it('applies a lower limit at once, and a higher one or a removal only when confirmed 24 hours later', async () => {
    const player = await quickPlayer(server);
    const call = (path: string, body: object) => server.call(path, body, { token: player.token });
    await setLimit(player.token, 'deposit', 'week', '1000');

    const raised = await setLimit(player.token, 'deposit', 'week', '2000');
    expect(limitIn(raised, 'deposit', 'week')).toMatchObject({
      amount: '1000.00',
      pending: { amount: '2000.00', confirmableAt: new Date(T0 + LIMIT_CHANGE_DELAY_MS).toISOString() },
    });
    expect((await call('/protection/confirmLimit', { kind: 'deposit', period: 'week' })).body.code).toBe(
      'LIMIT_CHANGE_NOT_READY',
    );
    server.clock.advance(LIMIT_CHANGE_DELAY_MS - 1);
    expect((await call('/protection/confirmLimit', { kind: 'deposit', period: 'week' })).body.code).toBe(
      'LIMIT_CHANGE_NOT_READY',
    );
    // Until confirmed the limit in force is the old one.
    const refused = await call('/cash/payNew', { amount: '1500', method: 'upi' });
    expect(refused.body).toMatchObject({ res: 0, code: 'DEPOSIT_LIMIT_REACHED', details: { period: 'week', limit: '1000.00' } });
    server.clock.advance(1);
    const confirmed = await call('/protection/confirmLimit', { kind: 'deposit', period: 'week' });
    expect(limitIn(confirmed.body.obj, 'deposit', 'week')).toMatchObject({ amount: '2000.00', pending: null });
    expect((await call('/cash/payNew', { amount: '1500', method: 'upi' })).body.res).toBe(1);

    // A removal waits too, and an unconfirmed change never applies by itself.
    const removing = await call('/protection/removeLimit', { kind: 'deposit', period: 'week' });
    expect(limitIn(removing.body.obj, 'deposit', 'week').pending).toMatchObject({ amount: null });
    server.clock.advance(3 * LIMIT_CHANGE_DELAY_MS);
    const later = (await call('/protection/state', {})).body.obj;
    expect(limitIn(later, 'deposit', 'week').amount).toBe('2000.00');
    expect((await call('/protection/cancelLimitChange', { kind: 'deposit', period: 'week' })).body.res).toBe(1);
    expect((await call('/protection/confirmLimit', { kind: 'deposit', period: 'week' })).body.code).toBe(
      'LIMIT_CHANGE_NOT_FOUND',
    );

    // Lowering applies at once and drops a waiting increase.
    await setLimit(player.token, 'deposit', 'week', '3000');
    const lowered = await setLimit(player.token, 'deposit', 'week', '500');
    expect(limitIn(lowered, 'deposit', 'week')).toMatchObject({ amount: '500.00', pending: null });
    expect((await call('/protection/removeLimit', { kind: 'loss', period: 'month' })).body.code).toBe('LIMIT_NOT_SET');
  });
});

describe('time-out and self-exclusion', () => {
  async function expectClosedToMoneyIn(player: { token: string; userId: number }, code: string, endsAt: string) {
    const call = (path: string, body: object) => server.call(path, body, { token: player.token });
    const gift = (await operator(server, 'gift:create', { amount: '5', uses: '10' })).lines.at(-1)!;
    const refusals = [
      await wingoBet(player.token),
      await crashBet(player.token),
      await crashBet(player.token, 2),
      await call('/cash/payNew', { amount: '200', method: 'upi' }),
      await call('/cash/usdtAddressPay', { payType: 40001, amount: '10.00' }),
      await call('/cash/redeemGift', { code: gift }),
    ];
    for (const reply of refusals) expect(reply.body).toMatchObject({ res: 0, code, details: { endsAt } });
    const [rows] = await server.ctx.db.query<{ bets: number; orders: number }>(
      `select (select count(*) from lottery_bets where user_id = $1)::integer
                + (select count(*) from crash_bets where user_id = $1 and status <> 'cancelled')::integer as bets,
              (select count(*) from deposit_orders where user_id = $1)::integer as orders`,
      [player.userId],
    );
    expect(rows).toEqual({ bets: 0, orders: 0 });
  }

  it('refuses a self-excluded player every bet, recharge and gift, lets them withdraw, and nobody ends it early', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    // A bet queued for the next crash round before the exclusion is cancelled by it, its stake returned.
    const queued = await crashBet(player.token);
    expect(queued.body.obj).toMatchObject({ bet: { status: 'queued' }, balance: '990.00' });
    const started = await server.call('/protection/startExclusion', { duration: '6m' }, { token: player.token });
    const [cancelled] = await server.ctx.db.query<{ status: string }>('select status from crash_bets where id = $1', [
      queued.body.obj.bet.id,
    ]);
    expect(cancelled!.status).toBe('cancelled');
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('1000.00');
    expect(started.body.obj.exclusion).toMatchObject({
      kind: 'self-exclusion',
      duration: '6m',
      startedAt: new Date(T0).toISOString(),
    });
    const endsAt = started.body.obj.exclusion.endsAt;
    expect(Date.parse(endsAt)).toBeGreaterThanOrEqual(T0 + 181 * 86_400_000);

    await expectClosedToMoneyIn(player, 'PLAYER_SELF_EXCLUDED', endsAt);
    const withdrawal = await server.call(
      '/cash/withdrawNew',
      { amount: '500', bankCardId, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(withdrawal.body.res).toBe(1);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('500.00');
    const statement = (await server.call('/protection/statement', { months: 1 }, { token: player.token })).body.obj;
    expect(statement.months[0]).toMatchObject({ withdrawals: '500.00', bets: '0.00', netResult: '0.00' });

    // A shorter one cannot replace it; the operator can see it and has no command to lift it.
    const shorter = await server.call('/protection/startExclusion', { duration: '30d' }, { token: player.token });
    expect(shorter.body.code).toBe('EXCLUSION_ALREADY_LONGER');
    const shown = await operator(server, 'protection:show', { user: String(player.userId) });
    expect(shown.isOk).toBe(true);
    expect(shown.lines.join('\n')).toContain(`self-exclusion (6m) since ${new Date(T0).toISOString()} until ${endsAt}`);
    for (const name of ['protection:lift', 'protection:end', 'protection:clear'])
      expect((await operator(server, name, { user: String(player.userId) })).isOk).toBe(false);
    server.clock.advance(20 * 86_400_000);
    expect((await crashBet(player.token)).body.code).toBe('PLAYER_SELF_EXCLUDED');
    await expectLedgerBalanced(server);
  });

  it('refuses bets, recharges and gifts during a 24-hour time-out, says why at log-in, and opens again when it ends', async () => {
    const registered = await server.registerMobile('9876512345', 'secret-pass-1');
    const started = await server.call('/protection/startExclusion', { duration: '24h' }, { token: registered.token });
    const endsAt = new Date(T0 + 24 * 3_600_000).toISOString();
    expect(started.body.obj.exclusion).toMatchObject({ kind: 'timeout', endsAt });

    const login = await server.call('/user/login', { mobile: '9876512345', password: 'secret-pass-1' });
    expect(login.body.res).toBe(1);
    expect(login.body.obj.exclusion).toMatchObject({ kind: 'timeout', duration: '24h', endsAt });
    const player = { token: login.body.obj.token as string, userId: registered.user.id as number };
    await expectClosedToMoneyIn(player, 'PLAYER_TIMED_OUT', endsAt);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.res).toBe(1);

    server.clock.advance(24 * 3_600_000);
    await tickLottery(server.ctx, new LotteryEvents(), server.clock.now().getTime());
    expect((await server.call('/protection/state', {}, { token: player.token })).body.obj.exclusion).toBeNull();
    const relogin = await server.call('/user/login', { mobile: '9876512345', password: 'secret-pass-1' });
    expect(relogin.body.obj.exclusion).toBeNull();
  });
});

describe('reality check, session result and activity statement', () => {
  it('keeps the reality-check choice and reports the session and the months', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const call = (path: string, body: object) => server.call(path, body, { token: player.token });
    expect((await call('/protection/setRealityCheck', { minutes: 30 })).body.obj.realityCheckMinutes).toBe(30);
    expect((await call('/protection/setRealityCheck', { minutes: 20 })).body.code).toBe('INVALID_FIELD');
    expect((await call('/protection/state', {})).body.obj).toMatchObject({
      realityCheckMinutes: 30,
      exclusion: null,
      hasLossLimit: false,
    });

    expect((await wingoBet(player.token, '10')).body.res).toBe(1);
    expect((await wingoBet(player.token, '15')).body.res).toBe(1);
    const since = new Date(T0 - 3_600_000).toISOString();
    expect((await call('/protection/sessionResult', { since })).body.obj).toMatchObject({
      since,
      bets: '25.00',
      wins: '0.00',
      netResult: '-25.00',
    });
    expect((await call('/protection/sessionResult', { since: new Date(T0 - 8 * 86_400_000).toISOString() })).body.code).toBe(
      'DATE_RANGE_INVALID',
    );

    const statement = (await call('/protection/statement', { months: 3 })).body.obj;
    expect(statement.months).toHaveLength(3);
    expect(statement.months[0]).toMatchObject({
      deposits: '0.00',
      withdrawals: '0.00',
      bets: '25.00',
      wins: '0.00',
      netResult: '-25.00',
    });
    expect(statement.months[1]).toMatchObject({ bets: '0.00', netResult: '0.00' });
    const lines = statement.csv.trim().split('\r\n');
    expect(lines[0]).toBe('month,deposits,withdrawals,bets,wins,net_result');
    expect(lines[1]).toBe(`${statement.months[0].month},0.00,0.00,25.00,0.00,-25.00`);
    expect(statement.fileName).toMatch(/^mayur-activity-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);

    // One ₹2 bet on every number: exactly one wins when the period is settled, and the win counts.
    const currentPeriod = await period();
    for (let number = 0; number <= 9; number++) {
      const reply = await call('/wingo/pour', {
        min: 60,
        period: currentPeriod,
        select: String(number),
        contractMoney: '2',
        contractCount: 1,
        agree: true,
      });
      expect(reply.body.res).toBe(1);
    }
    server.clock.advance(60_000);
    for (let i = 0; i < 3; i++) await tickLottery(server.ctx, new LotteryEvents(), server.clock.now().getTime());
    const session = (await call('/protection/sessionResult', { since })).body.obj;
    expect(session.bets).toBe('45.00');
    expect(Number(session.wins)).toBeGreaterThan(0);
    expect(Number(session.netResult)).toBeCloseTo(Number(session.wins) - 45, 2);
    const settled = (await call('/protection/statement', {})).body.obj;
    expect(settled.months).toHaveLength(12);
    expect(settled.months[0]).toMatchObject({ bets: '45.00', wins: session.wins, netResult: session.netResult });
  });

  it('lists no help organisations unless the operator configures them', async () => {
    expect((await server.call('/protection/helpOrganisations', {})).body.obj).toEqual({ organisations: [] });
    const organisations = [{ name: 'Example Helpline', phone: '+91 1800 000 000', url: 'https://example.org/help' }];
    const configured = await startTestServer({ RG_HELP_ORGANISATIONS: JSON.stringify(organisations) });
    try {
      expect((await configured.call('/protection/helpOrganisations', {})).body.obj).toEqual({ organisations });
    } finally {
      await configured.stop();
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: 'memory://',
        RG_HELP_ORGANISATIONS: '[{"name":"x","url":"http://plain.example"}]',
      }),
    ).toThrow(/RG_HELP_ORGANISATIONS/);
  });
});
