import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerBalanced,
  openRechargeOrder,
  operator,
  payOnSandboxPage,
  rechargeThroughSandbox,
} from '../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { findPlayerBalances, houseAccountId, findPlayerAccounts } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';

// The agent programme's first step (decision 0012): the team as a closure table written at
// registration, the invite bonus paid once when a direct subordinate's recharges reach the threshold,
// and the player's own agent card.

type Player = RegisteredPlayer;

const register = registerThroughApi;

async function registerChain(server: TestServer, length: number): Promise<Player[]> {
  const chain: Player[] = [];
  for (let i = 0; i < length; i++) chain.push(await register(server, chain.at(-1)?.code));
  return chain;
}

/** Recharges through the sandbox page (the real signed callback credits it). */
const recharge = (server: TestServer, player: Player, amount: string) => rechargeThroughSandbox(server, player.token, amount);

async function teamRows(server: TestServer, userIds: number[]) {
  return server.ctx.db.query<{ ancestor_id: number; descendant_id: number; depth: number }>(
    `select ancestor_id, descendant_id, depth from agent_team
     where ancestor_id = any($1::integer[]) or descendant_id = any($1::integer[])
     order by ancestor_id, descendant_id`,
    [userIds],
  );
}

async function inviteBonusTransfers(server: TestServer, inviterId: number) {
  const accounts = await findPlayerAccounts(server.ctx.db, inviterId);
  return server.ctx.db.query<{ idempotency_key: string; amount_paise: bigint; credit_account_id: number }>(
    "select idempotency_key, amount_paise, credit_account_id from ledger_transfers where reason = 'invite_bonus' and credit_account_id = any($1::integer[])",
    [[accounts.cashAccountId, accounts.bonusAccountId]],
  );
}

async function promote(server: TestServer, token: string) {
  const reply = await server.call('/user/findPromote', {}, { token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj;
}

describe('the team and the invite bonus', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_BASE_URL: 'https://mayur.example/' });
  });
  afterAll(async () => server.stop());
  afterEach(async () => {
    await expectLedgerBalanced(server);
  });

  it('writes a 7-deep chain as closure rows: each player has its ancestors at depths 1–6, none at 7', async () => {
    const chain = await registerChain(server, 8);
    const rows = await teamRows(
      server,
      chain.map((player) => player.userId),
    );
    // An oracle built from the chain itself: member i is the descendant of member j < i at depth i − j, up to 6.
    const expected = [];
    for (let j = 0; j < chain.length; j++)
      for (let i = j + 1; i < chain.length && i - j <= 6; i++)
        expected.push({ ancestor_id: chain[j]!.userId, descendant_id: chain[i]!.userId, depth: i - j });
    expected.sort((a, b) => a.ancestor_id - b.ancestor_id || a.descendant_id - b.descendant_id);
    expect(rows).toEqual(expected);
    const top = rows.filter((row) => row.ancestor_id === chain[0]!.userId);
    expect(top.map((row) => row.depth)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(top.map((row) => row.descendant_id)).not.toContain(chain[7]!.userId);
  });

  it('refuses an unknown invitation code and writes nothing; a chain only ever points to earlier players', async () => {
    const mobile = '9812300001';
    await server.call('/smsserver/getCode', { mobile }, { ip: '10.200.0.1' });
    const code = await server.lastCode(mobile);
    const reply = await server.call(
      '/user/regist',
      { mobile, password: 'secret-pass-1', code, ageConfirmed: true, riskAccepted: true, invitationCode: 'ZZZZ2345' },
      { ip: '10.200.0.1' },
    );
    expect(reply.body).toMatchObject({ res: 0, code: 'RECOMMENDATION_CODE_INVALID' });
    expect(await server.ctx.db.query('select 1 from users where mobile = $1', [mobile])).toHaveLength(0);
    // A player's own code cannot exist before they do, so every ancestor registered before its descendant.
    const backwards = await server.ctx.db.query('select 1 from agent_team where ancestor_id >= descendant_id');
    expect(backwards).toHaveLength(0);
  });

  it('pays the inviter ₹158 once, to bonus with its wagering, when recharges of 100 + 200 reach ₹300', async () => {
    const [grandInviter, inviter, invitee] = await registerChain(server, 3);
    await recharge(server, invitee!, '100');
    expect(await inviteBonusTransfers(server, inviter!.userId)).toHaveLength(0);
    await recharge(server, invitee!, '200');
    const transfers = await inviteBonusTransfers(server, inviter!.userId);
    const inviterAccounts = await findPlayerAccounts(server.ctx.db, inviter!.userId);
    expect(transfers).toEqual([
      {
        idempotency_key: `invite-bonus:${invitee!.userId}`,
        amount_paise: 15_800n,
        credit_account_id: inviterAccounts.bonusAccountId,
      },
    ]);
    expect(await findPlayerBalances(server.ctx.db, inviter!.userId)).toEqual({ cashPaise: 0n, bonusPaise: 15_800n });
    const wagering = await server.call('/user/bonusWagering', {}, { token: inviter!.token });
    expect(wagering.body.obj).toMatchObject({ bonus: '158.00', required: '158.00', remaining: '158.00', isExchangeable: false });
    // More recharges pay nothing more; the depth-2 ancestor never gets an invite bonus.
    await recharge(server, invitee!, '500');
    expect(await inviteBonusTransfers(server, inviter!.userId)).toHaveLength(1);
    expect(await inviteBonusTransfers(server, grandInviter!.userId)).toHaveLength(0);
    expect(await findPlayerBalances(server.ctx.db, grandInviter!.userId)).toEqual({ cashPaise: 0n, bonusPaise: 0n });
    const claims = await server.ctx.db.query('select inviter_id, amount_paise from agent_invite_bonuses where invitee_id = $1', [
      invitee!.userId,
    ]);
    expect(claims).toEqual([{ inviter_id: inviter!.userId, amount_paise: 15_800n }]);
  });

  it('pays one bonus when 20 deposits crossing ₹300 are confirmed at once', async () => {
    const [inviter, invitee] = await registerChain(server, 2);
    const payUrls = [];
    for (let i = 0; i < 20; i++) payUrls.push(await openRechargeOrder(server, invitee!.token, '100'));
    await Promise.all(payUrls.map((payUrl) => payOnSandboxPage(server, payUrl)));
    expect(await findPlayerBalances(server.ctx.db, invitee!.userId)).toEqual({ cashPaise: 200_000n, bonusPaise: 0n });
    expect(await inviteBonusTransfers(server, inviter!.userId)).toHaveLength(1);
    expect(await findPlayerBalances(server.ctx.db, inviter!.userId)).toEqual({ cashPaise: 0n, bonusPaise: 15_800n });
  });

  it('never counts gift codes or operator adjustments as recharges', async () => {
    const [inviter, invitee] = await registerChain(server, 2);
    const created = await operator(server, 'gift:create', { amount: '500', to: 'cash' });
    const giftCode = created.lines.at(-1)!;
    // A cash code waits for a second, different approver.
    expect((await operator(server, 'gift:approve', { code: giftCode }, 'second-operator')).isOk).toBe(true);
    const redeemed = await server.call('/cash/redeemGift', { code: giftCode }, { token: invitee!.token });
    expect(redeemed.body.res).toBe(1);
    const bonusGift = await operator(server, 'gift:create', { amount: '400' });
    expect((await server.call('/cash/redeemGift', { code: bonusGift.lines[1]! }, { token: invitee!.token })).body.res).toBe(1);
    const adjusted = await operator(server, 'user:adjust', { user: String(invitee!.userId), amount: '1000', reason: 'goodwill' });
    expect(adjusted.isOk).toBe(true);
    // ₹1,900 arrived, but only ₹200 of it was recharged.
    await recharge(server, invitee!, '200');
    expect(await inviteBonusTransfers(server, inviter!.userId)).toHaveLength(0);
    await recharge(server, invitee!, '100');
    expect(await inviteBonusTransfers(server, inviter!.userId)).toHaveLength(1);
  });

  it('pays nobody for a player who registered without an invitation code', async () => {
    const loner = await register(server);
    const promotionsBefore = await houseBalance(server);
    await recharge(server, loner, '300');
    expect(await server.ctx.db.query('select 1 from agent_invite_bonuses where invitee_id = $1', [loner.userId])).toHaveLength(0);
    expect(await houseBalance(server)).toBe(promotionsBefore);
  });

  it('pays nothing when the operator sets the bonus to 0', async () => {
    const off = await startTestServer({ INVITE_BONUS_RUPEES: '0' });
    try {
      const [inviter, invitee] = await registerChain(off, 2);
      await recharge(off, invitee!, '300');
      expect(await inviteBonusTransfers(off, inviter!.userId)).toHaveLength(0);
      expect((await promote(off, inviter!.token)).inviteBonusAmount).toBe('0.00');
      await expectLedgerBalanced(off);
    } finally {
      await off.stop();
    }
  });

  it('shows a player their own agent card, and nobody else’s figures', async () => {
    const agent = await register(server);
    const direct1 = await register(server, agent.code);
    await register(server, agent.code);
    const deep = await register(server, direct1.code);
    const outsider = await register(server);
    await recharge(server, direct1, '300');
    const card = await promote(server, agent.token);
    expect(card).toMatchObject({
      promotionCode: agent.code,
      invitePath: `/reg?code=${agent.code}`,
      inviteLink: `https://mayur.example/reg?code=${agent.code}`,
      level: 0,
      directCount: 2,
      teamCount: 3,
      newToday: 3,
      inviteBonusTotal: '158.00',
      inviteBonusCount: 1,
      inviteBonusAmount: '158.00',
      inviteBonusThreshold: '300.00',
      commissionToday: '0.00',
      commissionYesterday: '0.00',
      commissionTotal: '0.00',
    });
    expect(card.inviteQrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The depth-1 member sees their own team (one), not the agent's; the outsider sees nothing.
    expect(await promote(server, direct1.token)).toMatchObject({ directCount: 1, teamCount: 1, inviteBonusTotal: '0.00' });
    expect(await promote(server, deep.token)).toMatchObject({ directCount: 0, teamCount: 0, inviteBonusCount: 0 });
    expect(await promote(server, outsider.token)).toMatchObject({
      promotionCode: outsider.code,
      directCount: 0,
      teamCount: 0,
      newToday: 0,
      inviteBonusTotal: '0.00',
    });
    expect((await server.call('/user/findPromote', {})).status).toBe(401);
    // Tomorrow (Asia/Kolkata), nobody in the team is new today.
    server.clock.advance(86_400_000);
    expect((await promote(server, agent.token)).newToday).toBe(0);
  });

  it('sums commission from the ledger’s commission transfers by Kolkata day', async () => {
    const agent = await register(server);
    const accounts = await findPlayerAccounts(server.ctx.db, agent.userId);
    // The daily job does not exist yet; a transfer of its reason stands in for one of its payments.
    const source = await houseAccountId(server.ctx.db, 'adjustments');
    await server.ctx.db.transaction((tx) =>
      postGroup(tx, [
        {
          idempotencyKey: `test-commission:${agent.userId}`,
          debitAccountId: source,
          creditAccountId: accounts.cashAccountId,
          amountPaise: 1_234n,
          reason: 'commission',
        },
      ]),
    );
    // Transfers are stamped by the database's clock; the card's days come from the server's clock.
    server.clock.advance(Date.now() - server.clock.now().getTime());
    expect(await promote(server, agent.token)).toMatchObject({
      commissionToday: '12.34',
      commissionYesterday: '0.00',
      commissionTotal: '12.34',
    });
  });
});

async function houseBalance(server: TestServer): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(
    "select balance_paise from ledger_accounts where purpose = 'promotions'",
  );
  return row?.balance_paise ?? 0n;
}

describe('the migration backfill', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  async function rerunMigration() {
    await server.ctx.db.exec(
      `drop table agent_invite_bonuses; drop table agent_team cascade; drop index agent_commission_members_by_member_idx;
       delete from schema_migrations where version in ('0012_agent_team.sql', '0015_agent_subordinates.sql')`,
    );
    return migrate(server.ctx.db);
  }

  it('reproduces the rows registration wrote, for a 7-deep chain and a branch', async () => {
    const chain = await registerChain(server, 8);
    await register(server, chain[2]!.code);
    await register(server, chain[6]!.code);
    await register(server);
    const written = await server.ctx.db.query('select ancestor_id, descendant_id, depth from agent_team order by 1, 2');
    expect(written.length).toBeGreaterThan(27);
    expect(await rerunMigration()).toEqual(['0012_agent_team.sql', '0015_agent_subordinates.sql']);
    expect(await server.ctx.db.query('select ancestor_id, descendant_id, depth from agent_team order by 1, 2')).toEqual(written);
  });

  it('refuses to backfill a chain that points forwards (a possible loop) instead of paying over it', async () => {
    const [first, second] = await registerChain(server, 2);
    await server.ctx.db.query('update users set inviter_id = $2 where id = $1', [first!.userId, second!.userId]);
    await expect(rerunMigration()).rejects.toThrow(/inviter who registered after them/);
  });
});
