import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import type { Db, Queryable, Row } from '../../platform/db/db.ts';
import { findPlayerAccounts, houseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { payCommissionDay, payDueCommissions } from './pay-daily-commission.ts';

// The daily agent commission (decision 0013): each agent is paid, once per finished Kolkata day,
// rate(level, depth) × the valid bets of each team member at depths 1–6. Bets are posted at the
// database's own time, so the manual clock is first moved to the real present and then on by days.

type Player = RegisteredPlayer;

const DAY_MS = 86_400_000;
/** Rates different at every depth (and from the defaults), so a wrong depth gives a wrong amount. */
const RATES = [[70, 23, 11, 7, 5, 3]];

const register = registerThroughApi;

/** `YYYY-MM-DD` of the Kolkata day containing `atMs`, computed here independently of the server. */
function dayOf(atMs: number): string {
  return new Date(atMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

function kolkataTime(day: string, hour: number, minute = 0): number {
  return Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function moveClockTo(server: TestServer, atMs: number) {
  server.clock.advance(atMs - server.clock.now().getTime());
}

async function move(server: TestServer, userId: number, key: string, reason: 'bet' | 'refund' | 'adjustment', paise: bigint) {
  const accounts = await findPlayerAccounts(server.ctx.db, userId);
  const house = await houseAccountId(server.ctx.db, reason === 'adjustment' ? 'adjustments' : 'room:commission-test');
  const toPlayer = reason !== 'bet';
  await server.ctx.db.transaction((tx) =>
    postGroup(tx, [
      {
        idempotencyKey: key,
        debitAccountId: toPlayer ? house : accounts.cashAccountId,
        creditAccountId: toPlayer ? accounts.cashAccountId : house,
        amountPaise: paise,
        reason,
      },
    ]),
  );
}

async function commissionTransfers(server: TestServer) {
  return server.ctx.db.query<{ idempotency_key: string; amount_paise: bigint; user_id: number }>(
    `select t.idempotency_key, t.amount_paise, a.user_id from ledger_transfers t
     join ledger_accounts a on a.id = t.credit_account_id
     where t.reason = 'commission' order by t.idempotency_key`,
  );
}

describe('daily agent commission', () => {
  let server: TestServer;
  let chain: Player[];
  let loner: Player;
  /** What each chain member really wagered on the betting day (bets − refunds of them). */
  const validBets = new Map<number, bigint>();
  let betDay = '';
  let firstDay = '';

  beforeAll(async () => {
    server = await startTestServer({ AGENT_COMMISSION_RATES_BP: RATES.map((row) => row.join(',')).join(';') });
    moveClockTo(server, Date.now());
    // Eight players, each invited by the one before: p0's team is p1…p6 (depths 1–6); p7 is depth 7.
    chain = [];
    for (let i = 0; i < 8; i++) chain.push(await register(server, chain.at(-1)?.code));
    loner = await register(server);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('has no self rows in the team, so nobody earns from their own bets', async () => {
    const [self] = await server.ctx.db.query<{ n: number }>(
      'select count(*)::integer as n from agent_team where ancestor_id = descendant_id',
    );
    expect(self?.n).toBe(0);
    const depths = await server.ctx.db.query<{ depth: number }>(
      'select depth from agent_team where ancestor_id = $1 and descendant_id = any($2::integer[]) order by depth',
      [chain[0]!.userId, chain.slice(1).map((p) => p.userId)],
    );
    expect(depths.map((row) => row.depth)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('starts the programme with the latest due day and pays nothing for days without bets', async () => {
    const nowMs = server.clock.now().getTime();
    const outcomes = await payDueCommissions(server.ctx);
    // Due from 01:00 Kolkata: yesterday after it, the day before yesterday until then.
    firstDay = dayOf(nowMs - 3_600_000 - DAY_MS);
    expect(outcomes.map((o) => o.day)).toEqual([firstDay]);
    expect(outcomes[0]?.status).toBe('paid');
    expect(await commissionTransfers(server)).toEqual([]);
  });

  it('counts only stakes that left the wallet and did not come back', async () => {
    betDay = dayOf(Date.now());
    for (const [i, player] of [...chain, loner].entries()) {
      await move(server, player.userId, `fund:${player.userId}`, 'adjustment', 10_000_000n);
      // Amounts different for each player, with paise, so floors matter.
      const stake = 123_457n * BigInt(i + 1) + 3n;
      await move(server, player.userId, `bet:${player.userId}:1`, 'bet', stake);
      await move(server, player.userId, `bet:${player.userId}:2`, 'bet', 999n);
      validBets.set(player.userId, stake + 999n);
    }
    // p3 got part of a bet refunded; p5 has a crash bet still in the air, a valid bet of the day (were
    // it refunded after the day is paid, the refund would be taken from p5's next days).
    await move(server, chain[3]!.userId, `refund:${chain[3]!.userId}`, 'refund', 50_001n);
    validBets.set(chain[3]!.userId, validBets.get(chain[3]!.userId)! - 50_001n);
    await server.ctx.db.transaction(async (tx) => {
      await tx.query(
        "insert into crash_bets (room, user_id, slot, stake_paise, status) values ('crash-test', $1, 1, 77700, 'queued')",
        [chain[5]!.userId],
      );
    });
    await move(server, chain[5]!.userId, `bet:${chain[5]!.userId}:crash`, 'bet', 77_700n);
    validBets.set(chain[5]!.userId, validBets.get(chain[5]!.userId)! + 77_700n);
    expect(dayOf(Date.now())).toBe(betDay);
  });

  it('pays nothing for a day before 01:00 the next morning', async () => {
    moveClockTo(server, kolkataTime(addDays(betDay, 1), 0, 59));
    const outcomes = await payDueCommissions(server.ctx);
    expect(outcomes.map((o) => o.day)).not.toContain(betDay);
    expect(await commissionTransfers(server)).toEqual([]);
  });

  it('catches up missed days oldest first, each once, with parallel runs paying once, to depth 6 only', async () => {
    moveClockTo(server, kolkataTime(addDays(betDay, 3), 2));
    // Two runs at once (two leaders, a restart) each take at most two days.
    const [a, b] = await Promise.all([payDueCommissions(server.ctx, 2), payDueCommissions(server.ctx, 2)]);
    const paidNow = [...a, ...b].filter((o) => o.status === 'paid').map((o) => o.day);
    expect(new Set(paidNow).size).toBe(paidNow.length);
    expect(paidNow).toContain(betDay);
    const rest = await payDueCommissions(server.ctx);
    const again = await payDueCommissions(server.ctx);
    expect(again).toEqual([]);
    const [days] = await server.ctx.db.query<{ first: string; last: string; n: number }>(
      "select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last, count(*)::integer as n from agent_commission_days",
    );
    const expectedCount = Math.round((Date.parse(addDays(betDay, 2)) - Date.parse(firstDay)) / DAY_MS) + 1;
    expect(days).toEqual({ first: firstDay, last: addDays(betDay, 2), n: expectedCount });
    expect(rest.every((o) => o.day > betDay)).toBe(true);

    // The oracle: every agent gets Σ floor(bets × rate[depth] / 10000) over members 1–6 deep in the chain.
    const expected = new Map<number, bigint>();
    chain.forEach((agent, a) => {
      let sum = 0n;
      for (let depth = 1; depth <= 6 && a + depth < chain.length; depth++) {
        sum += (validBets.get(chain[a + depth]!.userId)! * BigInt(RATES[0]![depth - 1]!)) / 10_000n;
      }
      if (sum > 0n) expected.set(agent.userId, sum);
    });
    const transfers = await commissionTransfers(server);
    expect(new Map(transfers.map((t) => [t.user_id, t.amount_paise]))).toEqual(expected);
    expect(transfers.map((t) => t.idempotency_key).sort()).toEqual(
      [...expected.keys()].map((id) => `commission:${id}:${betDay}`).sort(),
    );
    // p7's bets are depth 7 for p0: p0 is paid for exactly six members.
    const [p0Lines] = await server.ctx.db.query<{ n: number; deepest: number }>(
      'select count(*)::integer as n, max(depth)::integer as deepest from agent_commission_members where agent_id = $1',
      [chain[0]!.userId],
    );
    expect(p0Lines).toEqual({ n: 6, deepest: 6 });
    const [selfLines] = await server.ctx.db.query<{ n: number }>(
      'select count(*)::integer as n from agent_commission_members where agent_id = member_id',
    );
    expect(selfLines?.n).toBe(0);
    expect(expected.has(loner.userId)).toBe(false);
    expect(expected.has(chain[7]!.userId)).toBe(false);
  });

  it('re-running a paid day, also in parallel, pays nothing', async () => {
    const before = await commissionTransfers(server);
    const reruns = await Promise.all([
      payCommissionDay(server.ctx.db, RATES, betDay),
      payCommissionDay(server.ctx.db, RATES, betDay),
    ]);
    expect(reruns.map((o) => o.status)).toEqual(['already_paid', 'already_paid']);
    expect(await commissionTransfers(server)).toEqual(before);
  });

  it('shows each player only their own breakdown, which sums to their transfer', async () => {
    const transfers = await commissionTransfers(server);
    // Everyone but p7 (the bottom of the chain) has someone below them who bet.
    for (const [index, player] of chain.slice(0, 7).entries()) {
      const reply = await server.call('/agent/commissionHistory', { pageNum: 1, pageSize: 10 }, { token: player.token });
      expect(reply.body.res).toBe(1);
      const paid = transfers.find((t) => t.user_id === player.userId)!;
      const depthsBelow = Math.min(6, chain.length - 1 - index);
      expect(reply.body.obj.total).toBe(1);
      const [day] = reply.body.obj.list;
      expect(day.day).toBe(betDay);
      const toPaise = (text: string) => BigInt(text.replace('.', ''));
      expect(toPaise(day.amount)).toBe(paid.amount_paise);
      expect(day.lines.reduce((sum: bigint, line: { amount: string }) => sum + toPaise(line.amount), 0n)).toBe(paid.amount_paise);
      expect(day.lines.map((line: { depth: number }) => line.depth)).toEqual(
        Array.from({ length: depthsBelow }, (_, d) => d + 1),
      );
      for (const line of day.lines) {
        const member = chain[index + line.depth]!;
        expect(line).toEqual({
          depth: line.depth,
          members: 1,
          bets: formatPaise(validBets.get(member.userId)!),
          rateBp: RATES[0]![line.depth - 1],
          amount: formatPaise((validBets.get(member.userId)! * BigInt(RATES[0]![line.depth - 1]!)) / 10_000n),
        });
      }
    }
    for (const player of [chain[7]!, loner]) {
      const nothing = await server.call('/agent/commissionHistory', {}, { token: player.token });
      expect(nothing.body.obj).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    }
    const anonymous = await server.call('/agent/commissionHistory', {});
    expect(anonymous.body.res).not.toBe(1);
  });

  it('leaves the ledger balanced', async () => {
    await expectLedgerBalanced(server);
  });
});

/**
 * The database as a process sees it that dies while paying `day`: the statement storing that day's
 * breakdown fails, so the day's transaction, its claim included, is rolled back as a kill would.
 */
function dyingWhilePaying(db: Db, day: string): Db {
  const dying = (inner: Queryable): Queryable => ({
    async query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      if (sql.includes('insert into agent_commission_members') && params?.[0] === day) throw new Error('process killed');
      return inner.query<T>(sql, params);
    },
    exec: (sql) => inner.exec(sql),
  });
  return { ...dying(db), kind: db.kind, transaction: (work) => db.transaction((tx) => work(dying(tx))), close: () => db.close() };
}

describe('a commission clock restarted in the middle of a catch-up', () => {
  let first: TestServer;
  let second: TestServer | undefined;
  const env = { AGENT_COMMISSION_RATES_BP: RATES.map((row) => row.join(',')).join(';') };

  beforeAll(async () => {
    first = await startTestServer(env);
    moveClockTo(first, Date.now());
  });

  afterAll(async () => {
    // The second process only borrowed the first one's database.
    await second?.stop();
    await first?.stop();
  });

  it('pays every agent each day exactly once', async () => {
    const today = dayOf(Date.now());
    // The programme has paid up to three days ago; a five-player chain bets today.
    expect((await payCommissionDay(first.ctx.db, RATES, addDays(today, -3))).status).toBe('paid');
    const chain: Player[] = [];
    for (let i = 0; i < 5; i++) chain.push(await register(first, chain.at(-1)?.code));
    const bets = new Map<number, bigint>();
    for (const [i, player] of chain.entries()) {
      await move(first, player.userId, `restart-fund:${player.userId}`, 'adjustment', 1_000_000n);
      const stake = 98_765n * BigInt(i + 1) + 11n;
      await move(first, player.userId, `restart-bet:${player.userId}`, 'bet', stake);
      bets.set(player.userId, stake);
    }

    // Due now: three days ago + 1 … tomorrow + 2. The first process pays the days before today and
    // dies while paying today.
    moveClockTo(first, kolkataTime(addDays(today, 4), 2));
    const dying = { db: dyingWhilePaying(first.ctx.db, today), clock: first.ctx.clock, config: first.ctx.config };
    await expect(payDueCommissions(dying)).rejects.toThrow('process killed');
    const claimedBefore = await first.ctx.db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from agent_commission_days order by day",
    );
    expect(claimedBefore.map((row) => row.day)).toEqual([addDays(today, -3), addDays(today, -2), addDays(today, -1)]);
    expect(await commissionTransfers(first)).toEqual([]);

    // A fresh process on the same database goes on from the day that was not paid.
    second = await startTestServer(env, { db: first.ctx.db });
    moveClockTo(second, kolkataTime(addDays(today, 4), 2));
    const outcomes = await payDueCommissions(second.ctx);
    expect(outcomes.map((o) => [o.day, o.status])).toEqual([0, 1, 2, 3].map((offset) => [addDays(today, offset), 'paid']));
    expect(await payDueCommissions(second.ctx)).toEqual([]);

    const expected = new Map<string, bigint>();
    chain.forEach((agent, a) => {
      let sum = 0n;
      for (let depth = 1; depth <= 6 && a + depth < chain.length; depth++)
        sum += (bets.get(chain[a + depth]!.userId)! * BigInt(RATES[0]![depth - 1]!)) / 10_000n;
      if (sum > 0n) expected.set(`commission:${agent.userId}:${today}`, sum);
    });
    const transfers = await commissionTransfers(second);
    expect(new Map(transfers.map((t) => [t.idempotency_key, t.amount_paise]))).toEqual(expected);
    expect(transfers).toHaveLength(expected.size);
    const [perDay] = await second.ctx.db.query<{ days: number; lines: number }>(
      'select count(distinct day)::integer as days, count(*)::integer as lines from agent_commission_members',
    );
    // Four agents earned today (the last of the chain has nobody below), one line per agent and member.
    expect(perDay).toEqual({ days: 1, lines: 10 });
    await expectLedgerBalanced(second);
  });
});

function formatPaise(paise: bigint): string {
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}
