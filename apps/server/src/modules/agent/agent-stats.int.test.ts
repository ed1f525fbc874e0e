import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBankCard,
  expectLedgerBalanced,
  operator,
  rechargeThroughSandbox,
  WITHDRAW_PASSWORD,
} from '../../../test/payments.ts';
import { registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { findPlayerAccounts, houseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { payCommissionDay, payDueCommissions } from './pay-daily-commission.ts';
import { refreshTeamStats } from './refresh-team-stats.ts';
import { startTeamStatsClock } from './team-stats-clock.ts';

// Agent statistics and levels (decision 0014). The test does things to a small team (recharges through
// the sandbox, bets, fees, a refund, a crash bet still in the air, a gift, an operator adjustment, a
// paid withdrawal), keeps its own account of them, and checks the statistics and the levels against
// that account. Money moves at the database's own time, so the manual clock is set to the present.

type Player = RegisteredPlayer;

const DAY_MS = 86_400_000;
/** L0 and L1 rates, different at every depth and level, so a wrong level gives a wrong amount. */
const RATES = [
  [50, 20, 10, 5, 3, 1],
  [90, 40, 20, 10, 6, 2],
];
/** L1: four members, ₹1,000 of recharges (exactly what the team will recharge) and ₹300 of valid bets. */
const L1 = { members: 4, depositPaise: 100_000n, betPaise: 30_000n };

/** What the test did to one member, kept independently of the server. */
type Ledger = {
  depositPaise: bigint;
  depositCount: number;
  withdrawPaise: bigint;
  withdrawCount: number;
  betPaise: bigint;
  feePaise: bigint;
  betCount: number;
  validBetPaise: bigint;
  cashPaise: bigint;
};

function emptyLedger(): Ledger {
  return {
    depositPaise: 0n,
    depositCount: 0,
    withdrawPaise: 0n,
    withdrawCount: 0,
    betPaise: 0n,
    feePaise: 0n,
    betCount: 0,
    validBetPaise: 0n,
    cashPaise: 0n,
  };
}

function dayOf(atMs: number): string {
  return new Date(atMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function kolkataTime(day: string, hour: number): number {
  return Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`);
}

function rupees(paise: bigint): string {
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

describe('agent statistics and levels', () => {
  let server: TestServer;
  let today = '';
  // A's team: B and C direct, D under B (depth 2), E under D (depth 3). X is another agent with Y.
  let a: Player, b: Player, c: Player, d: Player, e: Player, x: Player, y: Player, loner: Player;
  const ledgers = new Map<number, Ledger>();
  const ledgerOf = (player: Player) => {
    if (!ledgers.has(player.userId)) ledgers.set(player.userId, emptyLedger());
    return ledgers.get(player.userId)!;
  };

  async function recharge(player: Player, amountRupees: number) {
    await rechargeThroughSandbox(server, player.token, String(amountRupees));
    const ledger = ledgerOf(player);
    ledger.depositPaise += BigInt(amountRupees) * 100n;
    ledger.depositCount += 1;
    ledger.cashPaise += BigInt(amountRupees) * 100n;
  }

  let sequence = 0;
  async function move(player: Player, reason: 'bet' | 'fee' | 'refund' | 'adjustment' | 'gift', paise: bigint) {
    sequence += 1;
    const accounts = await findPlayerAccounts(server.ctx.db, player.userId);
    const house = await houseAccountId(
      server.ctx.db,
      reason === 'adjustment' ? 'adjustments' : reason === 'gift' ? 'promotions' : reason === 'fee' ? 'fees' : 'room:stats-test',
    );
    const toPlayer = reason === 'refund' || reason === 'adjustment' || reason === 'gift';
    await server.ctx.db.transaction((tx) =>
      postGroup(tx, [
        {
          idempotencyKey: `stats-test:${sequence}`,
          debitAccountId: toPlayer ? house : accounts.cashAccountId,
          creditAccountId: toPlayer ? accounts.cashAccountId : house,
          amountPaise: paise,
          reason,
        },
      ]),
    );
    const ledger = ledgerOf(player);
    ledger.cashPaise += toPlayer ? paise : -paise;
    if (reason === 'bet' || reason === 'fee') {
      ledger.betPaise += paise;
      ledger.validBetPaise += paise;
    }
    if (reason === 'bet') ledger.betCount += 1;
    if (reason === 'fee') ledger.feePaise += paise;
    if (reason === 'refund') ledger.validBetPaise -= paise;
  }

  async function withdraw(player: Player, amountRupees: number) {
    const hash = await server.hasher.hash(WITHDRAW_PASSWORD);
    await server.ctx.db.query('update users set withdraw_password_hash = $2 where id = $1', [player.userId, hash]);
    const bankCardId = await addBankCard(server, player.token);
    const reply = await server.call(
      '/cash/withdrawNew',
      { withdrawPassword: WITHDRAW_PASSWORD, amount: String(amountRupees), bankCardId },
      { token: player.token },
    );
    expect(reply.body.res).toBe(1);
    const approved = await operator(server, 'withdraw:approve', { id: reply.body.obj.withdrawNo });
    expect(approved.isOk).toBe(true);
    const ledger = ledgerOf(player);
    ledger.withdrawPaise += BigInt(amountRupees) * 100n;
    ledger.withdrawCount += 1;
    ledger.cashPaise -= BigInt(amountRupees) * 100n;
  }

  /** The statistics the oracle expects for these members, all of whom registered today. */
  function expectedFigures(members: Player[], days: number) {
    const sum = (pick: (ledger: Ledger) => bigint) => members.reduce((total, m) => total + pick(ledgerOf(m)), 0n);
    const count = (pick: (ledger: Ledger) => number) => members.reduce((total, m) => total + pick(ledgerOf(m)), 0);
    return {
      usersNumber: members.length,
      dailyActiveNumber: Math.floor(count((l) => (l.betCount > 0 ? 1 : 0)) / days),
      registerNumber: members.length,
      rechargeAmount: rupees(sum((l) => l.depositPaise)),
      rechargeNumber: count((l) => l.depositCount),
      // Every recharge of these members happened today: whoever recharged did so for the first time.
      firstRechargeNumber: count((l) => (l.depositCount > 0 ? 1 : 0)),
      withdrawalAmount: rupees(sum((l) => l.withdrawPaise)),
      withdrawalNumber: count((l) => l.withdrawCount),
      changeDelivery: rupees(sum((l) => l.validBetPaise)),
      deliveriesNumber: count((l) => l.betCount),
      teamBalance: rupees(sum((l) => l.cashPaise)),
      teamBetAmount: rupees(sum((l) => l.betPaise)),
      teamRefundFee: rupees(sum((l) => l.feePaise)),
    };
  }

  async function allInfo(player: Player, from: string, to: string) {
    const reply = await server.call('/starAgent/findAllInfo', { from, to }, { token: player.token });
    expect(reply.status).toBe(200);
    expect(reply.body.res).toBe(1);
    return reply.body.obj;
  }

  async function levelOf(player: Player): Promise<number> {
    const [row] = await server.ctx.db.query<{ level: number }>('select level from users where id = $1', [player.userId]);
    return row!.level;
  }

  beforeAll(async () => {
    server = await startTestServer({
      AGENT_COMMISSION_RATES_BP: RATES.map((row) => row.join(',')).join(';'),
      AGENT_LEVEL_THRESHOLDS: `${L1.members},${L1.depositPaise / 100n},${L1.betPaise / 100n}`,
      AGENT_STATS_REFRESH_SECONDS: '7',
    });
    server.clock.advance(Date.now() - server.clock.now().getTime());
    today = dayOf(Date.now());
    a = await registerThroughApi(server);
    b = await registerThroughApi(server, a.code);
    c = await registerThroughApi(server, a.code);
    d = await registerThroughApi(server, b.code);
    e = await registerThroughApi(server, d.code);
    x = await registerThroughApi(server);
    y = await registerThroughApi(server, x.code);
    loner = await registerThroughApi(server);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers zeros and no refresh time before the statistics were ever computed, with the team counted now', async () => {
    const info = await allInfo(a, today, today);
    expect(info.refreshedAt).toBeNull();
    expect(info.refreshIntervalSeconds).toBe(7);
    expect(info.direct).toMatchObject({ usersNumber: 2, registerNumber: 0, rechargeAmount: '0.00', teamBalance: '0.00' });
    expect(info.team).toMatchObject({ usersNumber: 4, registerNumber: 0, changeDelivery: '0.00' });
    expect(info.days).toEqual([{ day: today, rechargeAmount: '0.00', teamBetAmount: '0.00' }]);
  });

  it('sums direct and team figures exactly as the test moved the money', async () => {
    // B: two recharges, a bet with its fee, part of it refunded, a paid withdrawal.
    await recharge(b, 500);
    await recharge(b, 200);
    await move(b, 'bet', 10_000n);
    await move(b, 'fee', 200n);
    await move(b, 'refund', 3_000n);
    await withdraw(b, 230);
    // C: one recharge, two bets with fees, and a gift, which is no recharge.
    await recharge(c, 300);
    await move(c, 'bet', 5_000n);
    await move(c, 'fee', 100n);
    await move(c, 'bet', 5_000n);
    await move(c, 'fee', 100n);
    await move(c, 'gift', 5_000n);
    // D: funded by an operator adjustment (no recharge), one bet, and a crash bet still in the air: a
    // valid bet of its day (should it come back, its refund is taken back from D's figures then).
    await move(d, 'adjustment', 100_000n);
    await move(d, 'bet', 20_000n);
    await server.ctx.db.query(
      "insert into crash_bets (room, user_id, slot, stake_paise, status) values ('crash-stats-test', $1, 1, 7700, 'queued')",
      [d.userId],
    );
    await move(d, 'bet', 7_700n);
    // E registers and does nothing. A's own money is no part of A's team; Y's belongs to X's team.
    await recharge(a, 300);
    await move(a, 'bet', 1_000n);
    await recharge(y, 400);
    await move(y, 'bet', 3_000n);

    const refreshed = await refreshTeamStats(server.ctx.db, today);
    // Agents with a member who did something today: A, B (D, E), D (E), X (Y).
    expect(refreshed.agents).toBe(4);
    const info = await allInfo(a, today, today);
    expect(info.direct).toEqual(expectedFigures([b, c], 1));
    expect(info.team).toEqual(expectedFigures([b, c, d, e], 1));
    expect(info.days).toEqual([
      {
        day: today,
        rechargeAmount: expectedFigures([b, c, d, e], 1).rechargeAmount,
        teamBetAmount: expectedFigures([b, c, d, e], 1).teamBetAmount,
      },
    ]);
    expect(Date.parse(info.refreshedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A refresh again changes nothing.
    await refreshTeamStats(server.ctx.db, today);
    const again = await allInfo(a, today, today);
    expect({ ...again, refreshedAt: null }).toEqual({ ...info, refreshedAt: null });
  });

  it('is kept fresh by the statistics clock: today at once and then every interval, past days made final', async () => {
    const before = await allInfo(a, today, today);
    const config = { ...server.ctx.config, agent: { ...server.ctx.config.agent, statsRefreshSeconds: 1 } };
    const stop = startTeamStatsClock({ ...server.ctx, config });
    try {
      await move(c, 'bet', 4_321n);
      const deadlineMs = Date.now() + 10_000;
      let info = before;
      while (info.team.changeDelivery === before.team.changeDelivery && Date.now() < deadlineMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        info = await allInfo(a, today, today);
      }
      expect(info.team).toEqual(expectedFigures([b, c, d, e], 1));
      expect(Date.parse(info.refreshedAt)).toBeGreaterThan(Date.parse(before.refreshedAt));
    } finally {
      await stop();
    }
    const finals = await server.ctx.db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from agent_stats_days where is_final and day >= $1::date order by day",
      [addDays(today, -93)],
    );
    // The first step made the oldest days a report can ask for final, a few at a time; today is not over.
    expect(finals.length).toBeGreaterThan(0);
    expect(finals.map((row) => row.day)).not.toContain(today);
    expect(finals[0]?.day).toBe(addDays(today, -93));
  });

  it('fills every day of a longer period with zeros and averages the daily active members', async () => {
    const from = addDays(today, -6);
    const info = await allInfo(a, from, today);
    expect(info.days.map((day: { day: string }) => day.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    expect(info.days.slice(0, 6).every((day: { rechargeAmount: string }) => day.rechargeAmount === '0.00')).toBe(true);
    expect(info.team).toEqual(expectedFigures([b, c, d, e], 7));
    // Three team members bet today: over seven days that is 0 a day, rounded down.
    expect(info.team.dailyActiveNumber).toBe(0);
    const past = await allInfo(a, addDays(today, -30), addDays(today, -1));
    expect(past.team).toMatchObject({ rechargeAmount: '0.00', changeDelivery: '0.00', registerNumber: 0, usersNumber: 4 });
  });

  it('shows each player only their own team', async () => {
    expect((await allInfo(x, today, today)).team).toEqual(expectedFigures([y], 1));
    expect((await allInfo(b, today, today)).team).toEqual(expectedFigures([d, e], 1));
    expect((await allInfo(b, today, today)).direct).toEqual(expectedFigures([d], 1));
    const nobody = await allInfo(loner, today, today);
    expect(nobody.team).toEqual(expectedFigures([], 1));
    expect(nobody.direct).toEqual(expectedFigures([], 1));
    const anonymous = await server.call('/starAgent/findAllInfo', { from: today, to: today });
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad periods with DATE_RANGE_INVALID, never a server error', async () => {
    const bad: unknown[] = [
      { from: today, to: addDays(today, -1) },
      { from: addDays(today, -93), to: today },
      { from: today, to: addDays(today, 1) },
      { from: addDays(today, 1), to: addDays(today, 1) },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026/11/01', to: today },
      { from: 'yesterday', to: today },
      { from: today },
      { from: 20261101, to: today },
      {},
    ];
    for (const body of bad) {
      const reply = await server.call('/starAgent/findAllInfo', body, { token: a.token });
      expect({ body, status: reply.status, code: reply.body.code }).toEqual({ body, status: 200, code: 'DATE_RANGE_INVALID' });
    }
    // The longest period allowed: 93 days ending today.
    expect((await allInfo(a, addDays(today, -92), today)).days).toHaveLength(93);
  });

  it('publishes the levels and rates as configured', async () => {
    const reply = await server.call('/agent/rules', {}, { token: a.token });
    expect(reply.body.obj).toEqual({
      levels: [
        { level: 0, minTeamSize: 0, minTeamDeposits: '0.00', minTeamBets: '0.00', ratesBp: RATES[0] },
        { level: 1, minTeamSize: 4, minTeamDeposits: '1000.00', minTeamBets: '300.00', ratesBp: RATES[1] },
      ],
      levelWindowDays: 30,
      inviteBonusAmount: '158.00',
      inviteBonusThreshold: '300.00',
      payTime: '01:00',
      timeZone: 'Asia/Kolkata',
      maxDepth: 6,
    });
  });

  it('promotes a team that meets L1 before its day is paid, and pays that day at the L1 rates', async () => {
    expect(await levelOf(a)).toBe(0);
    server.clock.advance(kolkataTime(addDays(today, 1), 2) - server.clock.now().getTime());
    const outcomes = await payDueCommissions(server.ctx);
    expect(outcomes.map((o) => [o.day, o.status, o.levels])).toEqual([[today, 'paid', { raised: 1, lowered: 0 }]]);
    // A's team: 4 members, ₹1,000.00 recharged, ₹451.00 valid bets. B's team has two members: L0.
    expect([await levelOf(a), await levelOf(b), await levelOf(x)]).toEqual([1, 0, 0]);
    const promote = await server.call('/user/findPromote', {}, { token: a.token });
    expect(promote.body.obj.level).toBe(1);

    // The oracle: Σ floor(valid bets × rate[level of the agent][depth − 1] / 10000).
    const teams: Array<{ agent: Player; level: number; members: Array<[Player, number]> }> = [
      {
        agent: a,
        level: 1,
        members: [
          [b, 1],
          [c, 1],
          [d, 2],
          [e, 3],
        ],
      },
      {
        agent: b,
        level: 0,
        members: [
          [d, 1],
          [e, 2],
        ],
      },
      { agent: d, level: 0, members: [[e, 1]] },
      { agent: x, level: 0, members: [[y, 1]] },
    ];
    const expected = new Map<number, bigint>();
    for (const team of teams) {
      const amount = team.members.reduce(
        (sum, [member, depth]) => sum + (ledgerOf(member).validBetPaise * BigInt(RATES[team.level]![depth - 1]!)) / 10_000n,
        0n,
      );
      if (amount > 0n) expected.set(team.agent.userId, amount);
    }
    const paid = await server.ctx.db.query<{ user_id: number; amount_paise: bigint }>(
      `select a.user_id, t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
       where t.reason = 'commission' and t.idempotency_key like $1`,
      [`commission:%:${today}`],
    );
    expect(new Map(paid.map((row) => [row.user_id, row.amount_paise]))).toEqual(expected);
    const [line] = await server.ctx.db.query<{ rate_bp: number }>(
      'select rate_bp from agent_commission_members where agent_id = $1 and member_id = $2',
      [a.userId, d.userId],
    );
    expect(line?.rate_bp).toBe(RATES[1]![1]);
    // The paid day's figures were computed again, now that it is over, before the levels were decided.
    expect((await allInfo(a, today, today)).team).toEqual(expectedFigures([b, c, d, e], 1));
  });

  it('keeps the level while the window holds the team’s figures and drops it back when it no longer does', async () => {
    const thresholds = server.ctx.config.agent.levelThresholds;
    const lastDayHeld = await payCommissionDay(server.ctx.db, RATES, addDays(today, 29), thresholds);
    expect(lastDayHeld.levels).toEqual({ raised: 0, lowered: 0 });
    expect(await levelOf(a)).toBe(1);
    const firstDayWithout = await payCommissionDay(server.ctx.db, RATES, addDays(today, 30), thresholds);
    expect(firstDayWithout.levels).toEqual({ raised: 0, lowered: 1 });
    expect(await levelOf(a)).toBe(0);
  });

  it('leaves the ledger balanced', async () => {
    await expectLedgerBalanced(server);
  });
});
