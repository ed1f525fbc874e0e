import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { findPlayerAccounts, houseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { payCommissionDay } from './pay-daily-commission.ts';

// The subordinates list (`/starAgent/findDownByPage`): the session player's own team at depths 1–6,
// newest first, paged by a cursor, with masked logins, each member's own team size and what their
// bets earned this agent. Every expectation is computed here from the tree the test builds.

type Member = RegisteredPlayer & { inviterId: number | null; login: { mobile: string | null; email: string | null } };

const DAY_MS = 86_400_000;
/** Rates different at every depth, so a member counted at the wrong depth gives a wrong contribution. */
const RATES = [[70, 23, 11, 7, 5, 3]];
/** A member ID nobody has. */
const NOBODY = 2_000_000_000;

function dayOf(atMs: number): string {
  return new Date(atMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function moveClockTo(server: TestServer, atMs: number) {
  server.clock.advance(atMs - server.clock.now().getTime());
}

function formatPaise(paise: bigint): string {
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

describe('the subordinates list', () => {
  let server: TestServer;
  const members = new Map<number, Member>();
  /** The registration day (Kolkata) of each member. */
  const registeredOn = new Map<number, string>();
  /** What each member really wagered, per Kolkata day the bets fell on. */
  const validBets = new Map<number, bigint>();
  let agent: Member;
  let chain: Member[];
  let branches: Member[];
  let other: Member;
  let otherTeam: Member[];
  let loner: Member;
  let firstDay = '';

  let registrations = 0;
  async function registerByEmail(inviter: Member): Promise<RegisteredPlayer & { email: string }> {
    registrations += 1;
    const email = `player${process.pid % 1000}x${registrations}@gmail.com`;
    const ip = `10.250.${process.pid % 250}.${registrations}`;
    const sent = await server.call('/smsserver/getEmailCode', { email }, { ip });
    expect(sent.body.res).toBe(1);
    const code = await server.lastCode(email);
    const reply = await server.call(
      '/user/emailRegist',
      { email, password: 'secret-pass-1', code, ageConfirmed: true, riskAccepted: true, invitationCode: inviter.code },
      { ip },
    );
    expect(reply.body.res).toBe(1);
    return { token: reply.body.obj.token, userId: reply.body.obj.user.id, code: reply.body.obj.user.promotionCode, email };
  }

  async function join(inviter: Member | null, byEmail = false): Promise<Member> {
    const player = byEmail && inviter ? await registerByEmail(inviter) : await registerThroughApi(server, inviter?.code);
    const [login] = await server.ctx.db.query<{ mobile: string | null; email: string | null }>(
      'select mobile, email from users where id = $1',
      [player.userId],
    );
    const member: Member = { ...player, inviterId: inviter?.userId ?? null, login: login! };
    members.set(member.userId, member);
    registeredOn.set(member.userId, dayOf(server.clock.now().getTime()));
    return member;
  }

  /** Depth of `memberId` below `agentId` by walking up the inviters, or undefined when not within six levels. */
  function depthBelow(agentId: number, memberId: number): number | undefined {
    let current = members.get(memberId);
    for (let depth = 1; depth <= 6 && current; depth++) {
      if (current.inviterId === agentId) return depth;
      current = current.inviterId === null ? undefined : members.get(current.inviterId);
    }
    return undefined;
  }

  function teamOf(agentId: number): number[] {
    return [...members.keys()].filter((id) => depthBelow(agentId, id) !== undefined).sort((a, b) => b - a);
  }

  function expectedRow(agentId: number, memberId: number) {
    const member = members.get(memberId)!;
    const depth = depthBelow(agentId, memberId)!;
    const contribution = ((validBets.get(memberId) ?? 0n) * BigInt(RATES[0]![depth - 1]!)) / 10_000n;
    const account = member.login.mobile
      ? `${member.login.mobile.slice(0, 2)}••••${member.login.mobile.slice(-4)}`
      : `${member.login.email!.slice(0, 2)}••••${member.login.email!.slice(member.login.email!.indexOf('@'))}`;
    return { userId: memberId, account, depth, totalPeople: teamOf(memberId).length, contribution: formatPaise(contribution) };
  }

  async function list(token: string, body: Record<string, unknown> = {}) {
    const reply = await server.call('/starAgent/findDownByPage', body, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.res).toBe(1);
    return reply.body.obj as {
      list: Array<{
        userId: number;
        account: string;
        depth: number;
        registeredAt: string;
        totalPeople: number;
        contribution: string;
      }>;
      total: number;
      pageNum: number;
      pageSize: number;
      nextCursor: string | null;
    };
  }

  /** Follows the cursor from the first page to the last, optionally doing something between pages. */
  async function walk(token: string, body: Record<string, unknown>, betweenPages?: () => Promise<void>) {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await list(token, { ...body, ...(cursor ? { cursor } : {}) });
      seen.push(...page.list.map((row) => row.userId));
      cursor = page.nextCursor;
      if (!cursor) return seen;
      await betweenPages?.();
    }
    throw new Error('the cursor never ended');
  }

  async function bet(member: Member, paise: bigint, key: string) {
    const accounts = await findPlayerAccounts(server.ctx.db, member.userId);
    const house = await houseAccountId(server.ctx.db, 'room:subordinates-test');
    const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
    await server.ctx.db.transaction((tx) =>
      postGroup(tx, [
        {
          idempotencyKey: `fund:${key}`,
          debitAccountId: adjustments,
          creditAccountId: accounts.cashAccountId,
          amountPaise: paise,
          reason: 'adjustment',
        },
        {
          idempotencyKey: `bet:${key}`,
          debitAccountId: accounts.cashAccountId,
          creditAccountId: house,
          amountPaise: paise,
          reason: 'bet',
        },
      ]),
    );
    validBets.set(member.userId, (validBets.get(member.userId) ?? 0n) + paise);
  }

  beforeAll(async () => {
    server = await startTestServer({ AGENT_COMMISSION_RATES_BP: RATES.map((row) => row.join(',')).join(';') });
    // Registrations on three different Kolkata days some days ago, at 10:00 India time.
    firstDay = addDays(dayOf(Date.now()), -6);
    const at10 = (day: string) => Date.parse(`${day}T10:00:00+05:30`);
    moveClockTo(server, at10(firstDay));
    agent = await join(null);
    other = await join(null);
    loner = await join(null);
    // agent → c1 → c2 → … → c7: c1…c6 are depths 1–6 of the agent, c7 is depth 7 and not in the team.
    chain = [await join(agent)];
    for (let i = 0; i < 2; i++) chain.push(await join(chain.at(-1)!));
    otherTeam = [await join(other)];
    otherTeam.push(await join(otherTeam[0]!));
    moveClockTo(server, at10(addDays(firstDay, 1)));
    for (let i = 0; i < 4; i++) chain.push(await join(chain.at(-1)!));
    branches = [await join(agent)];
    moveClockTo(server, at10(addDays(firstDay, 2)));
    branches.push(await join(chain[1]!, true)); // depth 3, registered by e-mail
    branches.push(await join(chain[3]!)); // depth 5
    branches.push(await join(branches[0]!)); // depth 2
    branches.push(await join(chain[5]!)); // depth 7: outside the agent's team
    // Bets are posted at the database's own time: pay the Kolkata day (or days) they fell on.
    moveClockTo(server, Date.now());
    const betDays = new Set([dayOf(Date.now())]);
    for (const [i, member] of [
      chain[0]!,
      chain[1]!,
      chain[4]!,
      chain[5]!,
      chain[6]!,
      branches[1]!,
      branches[3]!,
      otherTeam[1]!,
    ].entries()) {
      await bet(member, 100_003n * BigInt(i + 1) + 77n, `subordinates:${member.userId}`);
    }
    betDays.add(dayOf(Date.now()));
    for (const day of betDays) await payCommissionDay(server.ctx.db, RATES, day);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('lists the whole team at depths 1–6, newest first, with masked logins, own team sizes and contributions', async () => {
    const team = teamOf(agent.userId);
    expect(team).toHaveLength(10);
    expect(team).not.toContain(chain[6]!.userId);
    const page = await list(agent.token, { pageSize: 100 });
    expect(page.total).toBe(10);
    expect(page.nextCursor).toBeNull();
    expect(page.list.map(({ registeredAt: _registeredAt, ...row }) => row)).toEqual(
      team.map((id) => expectedRow(agent.userId, id)),
    );
    // Some members earned the agent nothing and some did; the oracle covers both.
    expect(page.list.filter((row) => row.contribution === '0.00').length).toBeGreaterThan(0);
    expect(page.list.filter((row) => row.contribution !== '0.00').length).toBe(6);
    for (const row of page.list) expect(dayOf(Date.parse(row.registeredAt))).toBe(registeredOn.get(row.userId));
    const times = page.list.map((row) => Date.parse(row.registeredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('masks e-mail logins to their first two characters and domain', async () => {
    const page = await list(agent.token, { search: String(branches[1]!.userId) });
    expect(page.list[0]?.account).toMatch(/^pl••••@gmail\.com$/);
    expect(page.list[0]?.account).not.toContain(branches[1]!.login.email!.slice(2, 8));
  });

  it('filters by depth', async () => {
    for (let depth = 1; depth <= 6; depth++) {
      const page = await list(agent.token, { depth, pageSize: 100 });
      const expected = teamOf(agent.userId).filter((id) => depthBelow(agent.userId, id) === depth);
      expect(page.list.map((row) => row.userId)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    expect((await list(agent.token, { depth: '3' })).list.map((row) => row.userId)).toEqual([
      branches[1]!.userId,
      chain[2]!.userId,
    ]);
  });

  it('finds one member by ID, only in the team and at the depth asked', async () => {
    const found = await list(agent.token, { search: String(chain[5]!.userId) });
    expect(found.list.map(({ registeredAt: _registeredAt, ...row }) => row)).toEqual([
      expectedRow(agent.userId, chain[5]!.userId),
    ]);
    expect(found.total).toBe(1);
    const wrongDepth = await list(agent.token, { search: String(chain[5]!.userId), depth: 2 });
    expect(wrongDepth).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20, nextCursor: null });
  });

  it('filters by registration day, both ends included, in India time', async () => {
    const secondDay = addDays(firstDay, 1);
    const thirdDay = addDays(firstDay, 2);
    const onSecond = await list(agent.token, { from: secondDay, to: secondDay });
    const expectedSecond = teamOf(agent.userId).filter((id) => registeredOn.get(id) === secondDay);
    expect(onSecond.list.map((row) => row.userId)).toEqual(expectedSecond);
    expect(expectedSecond).toEqual([branches[0]!.userId, chain[5]!.userId, chain[4]!.userId, chain[3]!.userId]);
    expect(onSecond.total).toBe(4);
    const both = await list(agent.token, { from: secondDay, to: thirdDay, depth: 5 });
    expect(both.list.map((row) => row.userId)).toEqual([branches[2]!.userId, chain[4]!.userId]);
    const before = await list(agent.token, { from: addDays(firstDay, -3), to: addDays(firstDay, -1) });
    expect(before).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20, nextCursor: null });
  });

  it('walks every member exactly once by cursor, even when members register between pages', async () => {
    const before = teamOf(agent.userId);
    const joined: Member[] = [];
    const seen = await walk(agent.token, { pageSize: 2 }, async () => {
      // A newcomer (a direct subordinate and one at depth 2) registers while the agent pages.
      joined.push(await join(joined.length % 2 === 0 ? agent : chain[0]!));
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(joined.length).toBeGreaterThan(3);
    // The newcomers come first on a fresh walk, which again holds everyone once.
    const again = await walk(agent.token, { pageSize: 4 });
    expect(again).toEqual(teamOf(agent.userId));
    expect(again.slice(0, joined.length).sort()).toEqual(joined.map((m) => m.userId).sort());
    // Filters apply to every page of a walk.
    const deep = await walk(agent.token, { pageSize: 1, depth: 2 });
    expect(deep).toEqual(teamOf(agent.userId).filter((id) => depthBelow(agent.userId, id) === 2));
    expect(deep.length).toBeGreaterThan(2);
  });

  it('pages by number when no cursor is given, and a cursor wins over the page number', async () => {
    const team = teamOf(agent.userId);
    const second = await list(agent.token, { pageNum: 2, pageSize: 3 });
    expect(second.list.map((row) => row.userId)).toEqual(team.slice(3, 6));
    expect(second.pageNum).toBe(2);
    expect(second.total).toBe(team.length);
    const first = await list(agent.token, { pageNum: 1, pageSize: 3 });
    const byCursor = await list(agent.token, { pageNum: 7, pageSize: 3, cursor: first.nextCursor });
    expect(byCursor.list.map((row) => row.userId)).toEqual(team.slice(3, 6));
    const pastTheEnd = await list(agent.token, { pageNum: 99, pageSize: 3 });
    expect(pastTheEnd.list).toEqual([]);
    expect(pastTheEnd.total).toBe(team.length);
  });

  it('answers for an ID outside the team exactly as for an ID that never existed', async () => {
    const nobody = await server.call('/starAgent/findDownByPage', { search: String(NOBODY) }, { token: other.token });
    expect(nobody.body).toEqual({
      res: 1,
      resMsg: 'success',
      obj: { list: [], total: 0, pageNum: 1, pageSize: 20, nextCursor: null },
    });
    const outsiders = [...teamOf(agent.userId), agent.userId, loner.userId, other.userId, chain[6]!.userId, 99_999_999_999];
    for (const id of outsiders) {
      const reply = await server.call('/starAgent/findDownByPage', { search: String(id) }, { token: other.token });
      expect(reply.body).toEqual(nobody.body);
    }
    // The agent's own search for the other team's members, for itself and for its ancestors' view.
    for (const id of [...otherTeam.map((m) => m.userId), agent.userId]) {
      const reply = await server.call('/starAgent/findDownByPage', { search: String(id) }, { token: agent.token });
      expect(reply.body).toEqual(nobody.body);
    }
    // The other player's own list holds only their own team, whatever ID the body carries.
    const own = await list(other.token, { userId: agent.userId, agentId: agent.userId, pageSize: 100 });
    expect(own.list.map(({ registeredAt: _registeredAt, ...row }) => row)).toEqual(
      teamOf(other.userId).map((id) => expectedRow(other.userId, id)),
    );
    expect(own.total).toBe(2);
    expect(own.list.some((row) => row.contribution !== '0.00')).toBe(true);
  });

  it('takes no player from the body anywhere in the agent screens: commission history and statistics are the session’s own', async () => {
    const history = await server.call('/agent/commissionHistory', {}, { token: other.token });
    const historyForAgent = await server.call(
      '/agent/commissionHistory',
      { userId: agent.userId, agentId: agent.userId },
      { token: other.token },
    );
    expect(history.body.res).toBe(1);
    expect(historyForAgent.body).toEqual(history.body);
    // The other player's commission came from their depth-2 member only.
    const lines = history.body.obj.list.flatMap((day: { lines: Array<{ depth: number; members: number }> }) => day.lines);
    expect(lines.map((line: { depth: number; members: number }) => [line.depth, line.members])).toEqual([[2, 1]]);
    const agentHistory = await server.call('/agent/commissionHistory', {}, { token: agent.token });
    expect(agentHistory.body.obj.list).not.toEqual(history.body.obj.list);

    const range = { from: firstDay, to: dayOf(server.clock.now().getTime()) };
    const info = await server.call('/starAgent/findAllInfo', range, { token: other.token });
    const infoForAgent = await server.call(
      '/starAgent/findAllInfo',
      { ...range, userId: agent.userId, agentId: agent.userId },
      { token: other.token },
    );
    expect(info.body.res).toBe(1);
    expect(infoForAgent.body).toEqual(info.body);
    expect(info.body.obj.team.usersNumber).toBe(teamOf(other.userId).length);
    expect(info.body.obj.direct.usersNumber).toBe(1);
  });

  it('refuses malformed input with a clear code and never fails', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ depth: 0 }, 'INVALID_FIELD'],
      [{ depth: 7 }, 'INVALID_FIELD'],
      [{ depth: 'x' }, 'INVALID_FIELD'],
      [{ depth: 1.5 }, 'INVALID_FIELD'],
      [{ search: 'abc' }, 'INVALID_FIELD'],
      [{ search: '12a' }, 'INVALID_FIELD'],
      [{ search: '1234567890123' }, 'INVALID_FIELD'],
      [{ from: firstDay }, 'DATE_RANGE_INVALID'],
      [{ to: firstDay }, 'DATE_RANGE_INVALID'],
      [{ from: addDays(firstDay, 1), to: firstDay }, 'DATE_RANGE_INVALID'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'DATE_RANGE_INVALID'],
      [{ pageSize: 101 }, 'INVALID_FIELD'],
      [{ pageSize: 0 }, 'INVALID_FIELD'],
      [{ pageNum: -1 }, 'INVALID_FIELD'],
      [{ cursor: 'abc' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.0' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.-5' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.007' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.99999999999' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.2147483648' }, 'INVALID_FIELD'],
      [{ cursor: 'v2.100001' }, 'INVALID_FIELD'],
      [{ cursor: 'v1.1 or 1=1' }, 'INVALID_FIELD'],
      [{ cursor: 'x'.repeat(65) }, 'INVALID_FIELD'],
      [{ cursor: 12345 }, 'INVALID_FIELD'],
    ];
    for (const [body, code] of cases) {
      const reply = await server.call('/starAgent/findDownByPage', body, { token: agent.token });
      expect({ body, status: reply.status, res: reply.body.res, code: reply.body.code }).toEqual({
        body,
        status: 200,
        res: 0,
        code,
      });
    }
    const anonymous = await server.call('/starAgent/findDownByPage', {});
    expect(anonymous.status).toBe(401);
  });

  it('takes a cursor at the largest member ID and numbers the database cannot hold without failing', async () => {
    const edge = await list(agent.token, { cursor: 'v1.2147483647', pageSize: 100 });
    expect(edge.list.map((row) => row.userId)).toEqual(teamOf(agent.userId));
    const huge = await list(agent.token, { search: '999999999999' });
    expect(huge).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20, nextCursor: null });
    const zero = await list(agent.token, { search: '0' });
    expect(zero).toEqual(huge);
  });

  it('keeps each member’s registration time on every closure row, filled for old rows by migration 0015', async () => {
    const registrationTimes = () =>
      server.ctx.db.query<{ n: number; mismatched: number }>(
        `select count(*)::integer as n, count(*) filter (where t.descendant_registered_at is distinct from u.created_at)::integer as mismatched
         from agent_team t join users u on u.id = t.descendant_id`,
      );
    const before = await list(agent.token, { pageSize: 100, from: firstDay, to: dayOf(server.clock.now().getTime()) });
    expect(await registrationTimes()).toEqual([{ n: expect.any(Number), mismatched: 0 }]);
    // Back to the schema before 0015, rows and all, then forward again: the rows are filled as registration fills them.
    await server.ctx.db.exec(
      `alter table agent_team drop column descendant_registered_at;
       drop index agent_commission_members_by_member_idx;
       delete from schema_migrations where version = '0015_agent_subordinates.sql'`,
    );
    expect(await migrate(server.ctx.db)).toEqual(['0015_agent_subordinates.sql']);
    expect(await registrationTimes()).toEqual([{ n: expect.any(Number), mismatched: 0 }]);
    const after = await list(agent.token, { pageSize: 100, from: firstDay, to: dayOf(server.clock.now().getTime()) });
    expect(after).toEqual(before);
    expect(after.total).toBe(teamOf(agent.userId).length);
    // Registration after the migration writes the time with the rows.
    const newcomer = await join(agent);
    const today = dayOf(server.clock.now().getTime());
    const todays = await list(agent.token, { from: today, to: today, pageSize: 100 });
    expect(todays.list[0]?.userId).toBe(newcomer.userId);
    expect(await registrationTimes()).toEqual([{ n: expect.any(Number), mismatched: 0 }]);
  });

  it('leaves the ledger balanced', async () => {
    await expectLedgerBalanced(server);
  });
});
