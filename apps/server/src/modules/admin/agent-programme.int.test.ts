import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer, registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { payDueCommissions } from '../agent/pay-daily-commission.ts';
import { claimInviteBonusIfDue, inviteBonusSettings, inviteBonusSource } from '../agent/pay-invite-bonus.ts';
import { postWithBonusCredits } from '../wallet/bonus-wagering.ts';
import { findPlayerAccounts, houseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { adminCall, auditRows, lastAuditId, signedInOperator } from '../../../test/admin-operators.ts';

// The agent programme changed from the console (decision 0023, "Agent programme"): a change is a
// version from the next business day (India time), so the running day is levelled and paid under the
// settings it started with; refusals store nothing; only owners change it; each change is one audit
// row with before and after, in the change's transaction. Bets are posted at the database's own time,
// so the manual clock is moved to the real present (and days around it).

const DAY_MS = 86_400_000;

function dayOf(atMs: number): string {
  return new Date(atMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
}
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
function kolkataTime(day: string, hour: number, minute = 0): number {
  return Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
}

/** Levels as the console sends them: L0 first, thresholds in whole rupees. */
function level(ratesBp: number[], minTeamSize = 0, minTeamDepositsRupees = 0, minTeamBetsRupees = 0) {
  return { ratesBp, minTeamSize, minTeamDepositsRupees, minTeamBetsRupees };
}

let server: TestServer;
let agent: RegisteredPlayer;
let member: RegisteredPlayer;
const today = dayOf(Date.now());

function moveClockTo(atMs: number) {
  server.clock.advance(atMs - server.clock.now().getTime());
}

async function storedVersions(): Promise<number> {
  const [row] = await server.ctx.db.query<{ n: number }>('select count(*)::integer as n from agent_programme_settings');
  return row!.n;
}

async function move(userId: number, key: string, reason: 'bet' | 'deposit' | 'payout' | 'adjustment', paise: bigint) {
  const { cashAccountId } = await findPlayerAccounts(server.ctx.db, userId);
  const house = await houseAccountId(
    server.ctx.db,
    reason === 'adjustment' || reason === 'deposit' ? 'adjustments' : 'room:programme-test',
  );
  // A bet moves the player's cash to the room; everything else moves money to the player.
  const [debitAccountId, creditAccountId] = reason === 'bet' ? [cashAccountId, house] : [house, cashAccountId];
  const transfer = { idempotencyKey: key, debitAccountId, creditAccountId, amountPaise: paise, reason };
  await server.ctx.db.transaction((tx) => postGroup(tx, [transfer]));
}

beforeAll(async () => {
  // The server's settings: one level, 1 % at depth 1; invite bonus ₹158 at ₹300.
  // The versions and days are what is tested here: one owner may save rates up to 10 % alone. (What
  // needs a second owner is operator-powers.int.test.ts.)
  server = await startTestServer({
    AGENT_COMMISSION_RATES_BP: '100,0,0,0,0,0',
    AGENT_PROGRAMME_SINGLE_OWNER_MAX_RATE_SUM_BP: '1000',
  });
  moveClockTo(Date.now());
  agent = await registerThroughApi(server);
  member = await registerThroughApi(server, agent.code);
});
afterAll(async () => server?.stop());

describe('changing the agent programme', () => {
  it('shows the server’s settings until a change, and refuses an invalid change without storing anything', async () => {
    const owner = await signedInOperator(server, 'owner');
    const programme = await adminCall(server, '/agents/programme', {}, { token: owner.token });
    expect(programme.body.obj).toMatchObject({
      today,
      effectiveFrom: null,
      changeFrom: addDays(today, 1),
      scheduled: null,
      levels: [{ level: 0, ratesBp: [100, 0, 0, 0, 0, 0] }],
      inviteBonus: { amount: '158.00', threshold: '300.00' },
      history: [{ id: null, changedBy: 'settings' }],
    });

    const since = await lastAuditId(server);
    const refusals: Array<[unknown, string]> = [
      [{ levels: [level([10_001, 0, 0, 0, 0, 0])], inviteBonusRupees: 1, inviteBonusThresholdRupees: 1 }, 'AGENT_RATES_INVALID'],
      [{ levels: [level([1, 2, 3])], inviteBonusRupees: 1, inviteBonusThresholdRupees: 1 }, 'AGENT_RATES_INVALID'],
      [{ levels: [], inviteBonusRupees: 1, inviteBonusThresholdRupees: 1 }, 'AGENT_RATES_INVALID'],
      [
        {
          levels: [level([1, 1, 1, 1, 1, 1]), level([2, 2, 2, 2, 2, 2], 10, 5000, 0), level([3, 3, 3, 3, 3, 3], 20, 4999, 0)],
          inviteBonusRupees: 1,
          inviteBonusThresholdRupees: 1,
        },
        'AGENT_THRESHOLDS_INVALID',
      ],
      [
        { levels: [level([1, 1, 1, 1, 1, 1], 1)], inviteBonusRupees: 1, inviteBonusThresholdRupees: 1 },
        'AGENT_THRESHOLDS_INVALID',
      ],
      [{ levels: [level([1, 1, 1, 1, 1, 1])], inviteBonusRupees: 5, inviteBonusThresholdRupees: 0 }, 'INVITE_BONUS_INVALID'],
      [{ levels: [level([1, 1, 1, 1, 1, 1])], inviteBonusRupees: 1.5, inviteBonusThresholdRupees: 1 }, 'INVITE_BONUS_INVALID'],
    ];
    for (const [body, code] of refusals) {
      const reply = await adminCall(server, '/agents/programme/save', body, { token: owner.token });
      expect(reply.body, JSON.stringify(body)).toMatchObject({ res: 0, code });
    }
    expect(await storedVersions()).toBe(0);
    const rows = await auditRows(server, since);
    expect(rows.map((row) => row.outcome.split(' ')[0])).toEqual(refusals.map(([, code]) => `refused:${code}`));
  });

  it('lets only owners change it', async () => {
    const body = { levels: [level([1, 1, 1, 1, 1, 1])], inviteBonusRupees: 1, inviteBonusThresholdRupees: 1 };
    for (const role of ['finance', 'support', 'risk', 'auditor'] as const) {
      const operator = await signedInOperator(server, role);
      const reply = await adminCall(server, '/agents/programme/save', body, { token: operator.token });
      expect(reply.status, role).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
    expect(await storedVersions()).toBe(0);
  });

  it('applies a change from the next business day: the running day is levelled and paid under the settings it began with', async () => {
    // Two days ago an owner saved X (from yesterday): two levels, L1 for a team of one, 4 % at depth 1.
    moveClockTo(kolkataTime(addDays(today, -2), 15));
    const first = await signedInOperator(server, 'owner');
    const since = await lastAuditId(server);
    const x = await adminCall(
      server,
      '/agents/programme/save',
      {
        levels: [level([200, 0, 0, 0, 0, 0]), level([400, 0, 0, 0, 0, 0], 1)],
        inviteBonusRupees: 50,
        inviteBonusThresholdRupees: 100,
      },
      { token: first.token },
    );
    expect(x.body.obj.version, JSON.stringify(x.body)).toMatchObject({
      effectiveFrom: addDays(today, -1),
      changedBy: `operator:${first.login}`,
    });
    const [audit] = await auditRows(server, since);
    expect(audit).toMatchObject({
      action: 'admin/agents/programme/save',
      outcome: 'ok',
      operator_id: BigInt(first.id),
      before: { effectiveFrom: '1970-01-01', inviteBonusRupees: 158, levels: [{ ratesBp: [100, 0, 0, 0, 0, 0] }] },
      after: {
        effectiveFrom: addDays(today, -1),
        inviteBonusRupees: 50,
        levels: [{ ratesBp: [200, 0, 0, 0, 0, 0] }, { minTeamSize: 1 }],
      },
    });
    // The first change stored the server's settings as the first version, so the history starts with what ran.
    expect(await storedVersions()).toBe(2);

    // Today an owner saves Y (from tomorrow): one level, 3 %.
    moveClockTo(Date.now());
    const second = await signedInOperator(server, 'owner');
    const y = await adminCall(
      server,
      '/agents/programme/save',
      { levels: [level([300, 0, 0, 0, 0, 0])], inviteBonusRupees: 200, inviteBonusThresholdRupees: 500 },
      { token: second.token },
    );
    expect(y.body.obj.version.effectiveFrom).toBe(addDays(today, 1));
    const programme = await adminCall(server, '/agents/programme', {}, { token: second.token });
    expect(programme.body.obj).toMatchObject({
      effectiveFrom: addDays(today, -1),
      levels: [{ ratesBp: [200, 0, 0, 0, 0, 0] }, { ratesBp: [400, 0, 0, 0, 0, 0], minTeamSize: 1 }],
      inviteBonus: { amount: '50.00', threshold: '100.00' },
      scheduled: { effectiveFrom: addDays(today, 1), inviteBonus: { amount: '200.00' } },
    });
    expect(programme.body.obj.history.map((version: { effectiveFrom: string }) => version.effectiveFrom)).toEqual([
      addDays(today, 1),
      addDays(today, -1),
      '1970-01-01',
    ]);
    const rules = await server.call('/agent/rules', {}, { token: member.token });
    expect(rules.body.obj).toMatchObject({
      inviteBonusAmount: '50.00',
      levels: [{ ratesBp: [200, 0, 0, 0, 0, 0] }, { minTeamSize: 1 }],
    });

    expect((await server.call('/home/banners', {})).body.obj.invite).toEqual({ bonus: '50.00', threshold: '100.00' });

    // The member bets ₹1,000 today; at 01:30 tomorrow today is paid under X: the agent reaches L1 (4 %).
    await move(member.userId, 'programme:fund', 'adjustment', 500_000n);
    await move(member.userId, 'programme:bet', 'bet', 100_000n);
    moveClockTo(kolkataTime(addDays(today, 1), 1, 30));
    const outcomes = await payDueCommissions(server.ctx);
    expect(outcomes.map((outcome) => [outcome.day, outcome.status])).toEqual([[today, 'paid']]);
    const paid = await server.ctx.db.query<{ amount_paise: bigint; rate_bp: number }>(
      'select amount_paise, rate_bp from agent_commission_members where agent_id = $1 and day = $2::date',
      [agent.userId, today],
    );
    expect(paid).toEqual([{ amount_paise: 4_000n, rate_bp: 400 }]);
    const [agentRow] = await server.ctx.db.query<{ level: number }>('select level from users where id = $1', [agent.userId]);
    expect(agentRow!.level).toBe(1);

    // From tomorrow the player screens show Y.
    const later = await server.call('/agent/rules', {}, { token: member.token });
    expect(later.body.obj).toMatchObject({
      inviteBonusAmount: '200.00',
      inviteBonusThreshold: '500.00',
      levels: [{ ratesBp: [300, 0, 0, 0, 0, 0] }],
    });
    expect(later.body.obj.levels).toHaveLength(1);
    const home = await server.call('/home/banners', {});
    expect(home.body.obj.invite).toEqual({ bonus: '200.00', threshold: '500.00' });
    const promote = await server.call('/user/findPromote', {}, { token: agent.token });
    expect(promote.body.obj).toMatchObject({ inviteBonusAmount: '200.00', inviteBonusThreshold: '500.00' });
  });

  it('pays the invite bonus in effect on the deposit’s day', async () => {
    // Today (real time) X is in effect: ₹50 once the invitee's recharges reach ₹100 (the server's settings say ₹158 at ₹300).
    const invitee = await registerThroughApi(server, agent.code);
    await move(invitee.userId, 'programme:deposit', 'deposit', 10_000n);
    const promotions = await inviteBonusSource(server.ctx.db);
    const settings = inviteBonusSettings(server.ctx.config);
    // The deposit is posted already: none is pending with the bonus.
    const outcome = await server.ctx.db.transaction(async (tx) => {
      const due = await claimInviteBonusIfDue(tx, settings, promotions, invitee.userId, 0n);
      await postWithBonusCredits(tx, [], due.bonusCredits);
      return due.outcome;
    });
    expect(outcome).toBe('paid');
    const [bonus] = await server.ctx.db.query<{ amount_paise: bigint }>(
      'select amount_paise from agent_invite_bonuses where invitee_id = $1',
      [invitee.userId],
    );
    expect(bonus!.amount_paise).toBe(5_000n);
  });
});

describe('unusual wins', () => {
  it('flags a big winner with the figures and rules behind it, and not a player whose wins are ordinary', async () => {
    moveClockTo(Date.now());
    const winner = await quickPlayer(server);
    const ordinary = await quickPlayer(server);
    await move(winner.userId, 'unusual:fund-w', 'adjustment', 100_000n);
    await move(winner.userId, 'unusual:bet-w1', 'bet', 10_000n);
    await move(winner.userId, 'unusual:bet-w2', 'bet', 10_000n);
    await move(winner.userId, 'unusual:win-w', 'payout', 6_000_000n);
    await move(ordinary.userId, 'unusual:fund-o', 'adjustment', 10_000_000n);
    for (let i = 0; i < 10; i++) await move(ordinary.userId, `unusual:bet-o${i}`, 'bet', 100_000n);
    await move(ordinary.userId, 'unusual:win-o', 'payout', 950_000n);

    const risk = await signedInOperator(server, 'risk');
    const since = await lastAuditId(server);
    const reply = await adminCall(server, '/risk/flags', { days: 7 }, { token: risk.token });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    const flagged = reply.body.obj.unusualWins as Array<{ playerId: number }>;
    expect(flagged).toContainEqual({
      playerId: winner.userId,
      stakes: '200.00',
      wins: '60000.00',
      netWin: '59800.00',
      returnPercent: '30000.00',
      bets: 2,
      largestWin: '60000.00',
      averageStake: '100.00',
      reasons: ['netWin', 'bigSingleWin'],
    });
    expect(flagged.map((row) => row.playerId)).not.toContain(ordinary.userId);
    expect(flagged.length).toBeLessThanOrEqual(100);
    expect((await auditRows(server, since)).map((row) => [row.action, row.outcome])).toEqual([['admin/risk/flags', 'ok']]);
  });
});

describe('two first changes at once', () => {
  it('store the server’s settings once, then both versions, each with its audit row', async () => {
    const fresh = await startTestServer();
    try {
      const [first, second] = [await signedInOperator(fresh, 'owner'), await signedInOperator(fresh, 'owner')];
      const body = (rate: number) => ({
        levels: [level([rate, 0, 0, 0, 0, 0])],
        inviteBonusRupees: 1,
        inviteBonusThresholdRupees: 1,
      });
      const since = await lastAuditId(fresh);
      const replies = await Promise.all([
        adminCall(fresh, '/agents/programme/save', body(11), { token: first.token }),
        adminCall(fresh, '/agents/programme/save', body(22), { token: second.token }),
      ]);
      expect(replies.map((reply) => reply.body.res)).toEqual([1, 1]);
      const rows = await fresh.ctx.db.query<{ changed_by: string }>(
        'select changed_by from agent_programme_settings order by id',
      );
      expect(rows.map((row) => row.changed_by).sort()).toEqual(
        ['settings', `operator:${first.login}`, `operator:${second.login}`].sort(),
      );
      expect(rows[0]!.changed_by).toBe('settings');
      expect((await auditRows(fresh, since)).map((row) => row.outcome)).toEqual(['ok', 'ok']);
    } finally {
      await fresh.stop();
    }
  });
});
