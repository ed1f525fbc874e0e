import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankCard, cashOf, expectLedgerBalanced, payingPlayer } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import type { CommandArgs } from '../operator-cli/operator-commands.ts';
import { adminCall, auditRows, createGiftCode, expectOneAuditRow } from '../../../test/admin-operators.ts';
import { lastAuditId, requestAdjustment, signedInOperator, signedInOperators } from '../../../test/admin-operators.ts';
import type { SignedInOperator } from '../../../test/admin-operators.ts';
import { consoleRulesCommand } from '../../../test/console-cli.ts';
import { requestedWithdrawal, withdrawalStatus } from '../../../test/console-withdrawals.ts';

// The back office's operations end to end on the API: USDT confirmation and the
// events of an order (the use case the CLI's deposit:confirm calls too), the CLI's withdraw:approve
// under the console's maker-checker, gift codes created, listed, redeemed and disabled.

let server: TestServer, finance: SignedInOperator, owner: SignedInOperator, auditor: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECOND_APPROVAL_ABOVE_RUPEES: '1000' });
  [finance, owner, auditor] = await signedInOperators(server, 'finance', 'owner', 'auditor');
});
afterAll(async () => server.stop());

const cli = (name: string, args: CommandArgs, actor = 'ops@host') => consoleRulesCommand(server, name, args, actor);

async function usdtOrder() {
  const player = await payingPlayer(server);
  const reply = await server.call('/cash/usdtAddressPay', { payType: 40001, amount: '10.00' }, { token: player.token });
  expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
  return { player, orderNo: reply.body.obj.orderNo as string };
}

describe('USDT confirmation from the console', () => {
  it('shows an order with its events, confirms it once (audited), and the CLI then finds it confirmed', async () => {
    const { player, orderNo } = await usdtOrder();
    const before = await adminCall(server, '/deposits/events', { orderNo }, { token: auditor.token });
    expect(before.body.obj).toMatchObject({ order: { orderNo, status: 'pending', method: 'usdt' }, events: [] });

    const since = await lastAuditId(server);
    const confirmed = await adminCall(server, '/deposits/confirm', { orderNo }, { token: finance.token });
    expect(confirmed.body).toMatchObject({
      res: 1,
      obj: { orderNo, playerId: player.userId, amount: '920.00', usdtAmount: '10.00' },
    });
    expect(await cashOf(server, player.userId)).toBe(92_000n);
    await expectOneAuditRow(server, since, {
      action: 'admin/deposits/confirm',
      outcome: 'ok',
      operator_id: BigInt(finance.id),
      before: { orderNo, status: 'pending' },
      after: { orderNo, status: 'completed' },
    });

    const events = await adminCall(server, '/deposits/events', { orderNo }, { token: finance.token });
    expect(events.body.obj.order.status).toBe('completed');
    expect(events.body.obj.events).toEqual([
      expect.objectContaining({
        eventId: `operator:${orderNo}`,
        outcome: 'credited',
        payload: `{"confirmedBy":"operator:${finance.login}"}`,
      }),
    ]);

    const again = await adminCall(server, '/deposits/confirm', { orderNo }, { token: owner.token });
    expect(again.body).toMatchObject({ res: 0, code: 'ORDER_CLOSED' });
    const viaCli = await cli('deposit:confirm', { order: orderNo });
    expect(viaCli.isOk).toBe(false);
    expect(viaCli.lines[0]).toMatch(/already confirmed by an operator/);
    expect(await cashOf(server, player.userId)).toBe(92_000n);
    await expectLedgerBalanced(server);
  });

  it('refuses a UPI order, an unknown one and a malformed number, moving nothing', async () => {
    const player = await payingPlayer(server);
    const opened = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
    const orderNo = opened.body.obj.orderNo as string;
    expect((await adminCall(server, '/deposits/confirm', { orderNo }, { token: finance.token })).body).toMatchObject({
      res: 0,
      code: 'RECHARGE_METHOD_INVALID',
    });
    expect(
      (await adminCall(server, '/deposits/confirm', { orderNo: 'R20261121120000000000' }, { token: finance.token })).body,
    ).toMatchObject({
      res: 0,
      code: 'ORDER_NOT_FOUND',
    });
    expect((await adminCall(server, '/deposits/events', { orderNo: 'R1' }, { token: finance.token })).body).toMatchObject({
      res: 0,
      code: 'ORDER_NOT_FOUND',
    });
    expect(await cashOf(server, player.userId)).toBe(0n);
  });
});

describe('the CLI’s withdraw:approve goes through maker-checker', () => {
  const requestWithdrawal = async (amount: string) => (await requestedWithdrawal(server, amount)).withdrawNo;
  const statusOf = (withdrawNo: string) => withdrawalStatus(server, withdrawNo);

  it('above the limit: the CLI records one approval, the same actor again is refused, a console operator pays it', async () => {
    const withdrawNo = await requestWithdrawal('1500');
    const first = await cli('withdraw:approve', { id: withdrawNo });
    expect(first).toEqual({
      isOk: true,
      lines: [
        `withdrawal ${withdrawNo}: approval 1 of 2 recorded (a second operator must approve it); a second, different approver must approve it to pay`,
      ],
    });
    expect(await statusOf(withdrawNo)).toBe('pending');
    const same = await cli('withdraw:approve', { id: withdrawNo });
    expect(same.isOk).toBe(false);
    expect(same.lines[0]).toMatch(/already approved it/);

    const queue = await adminCall(server, '/withdrawals/list', {}, { token: finance.token });
    expect(queue.body.obj.list.find((item: { withdrawNo: string }) => item.withdrawNo === withdrawNo).approvals).toEqual([
      'cli:ops@host',
    ]);
    const second = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: finance.token });
    expect(second.body.obj).toMatchObject({ status: 'paid', approvals: 2 });
    expect(await statusOf(withdrawNo)).toBe('paid');
  });

  it('above the limit: a console approval first, then the CLI pays; at or below it the CLI pays at once', async () => {
    const large = await requestWithdrawal('1200');
    expect((await adminCall(server, '/withdrawals/approve', { withdrawNo: large }, { token: owner.token })).body.obj.status).toBe(
      'awaitingSecondApproval',
    );
    const paid = await cli('withdraw:approve', { id: large }, 'other@host');
    expect(paid.lines[0]).toMatch(/: paid/);
    expect(await statusOf(large)).toBe('paid');

    const small = await requestWithdrawal('1000');
    expect((await cli('withdraw:approve', { id: small })).lines[0]).toMatch(/: paid/);
    expect(await statusOf(small)).toBe('paid');
    await expectLedgerBalanced(server);
  });
});

describe('gift codes from the console', () => {
  it('finance creates a code (audited) that a player redeems; the list and redemptions show it; disabling stops the next', async () => {
    const since = await lastAuditId(server);
    const created = await createGiftCode(server, finance, { amount: '50', uses: 2, target: 'cash' });
    // A code to cash waits for a second, different operator before anybody can redeem it.
    expect(created.body).toMatchObject({
      res: 1,
      obj: { amount: '50.00', target: 'cash', maxUses: 2, usedCount: 0, status: 'pending', makerKey: `operator:${finance.id}` },
    });
    const code: string = created.body.obj.code;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const approved = await adminCall(server, '/giftCodes/approve', { code }, { token: owner.token });
    expect(approved.body.obj).toMatchObject({ status: 'active', approvedBy: `operator:${owner.id}` });
    const rows = await auditRows(server, since);
    expect(rows.map((row) => [row.action, row.outcome])).toEqual([
      ['admin/giftCodes/create', 'ok'],
      ['admin/giftCodes/approve', 'ok'],
    ]);
    expect(rows[0]!.after).toMatchObject({ code, createdBy: `operator:${finance.login}`, status: 'pending' });
    expect(rows[1]!.after).toMatchObject({ code, status: 'active' });

    const first = await quickPlayer(server);
    expect((await server.call('/cash/redeemGift', { code }, { token: first.token })).body).toMatchObject({
      res: 1,
      obj: { amount: '50.00' },
    });
    const listed = await adminCall(server, '/giftCodes/list', {}, { token: auditor.token });
    expect(listed.body.obj.list.find((gift: { code: string }) => gift.code === code)).toMatchObject({
      usedCount: 1,
      status: 'active',
    });
    const redemptions = await adminCall(server, '/giftCodes/redemptions', { code }, { token: auditor.token });
    expect(redemptions.body.obj.list).toEqual([expect.objectContaining({ playerId: first.userId })]);

    const disabled = await adminCall(server, '/giftCodes/disable', { code }, { token: owner.token });
    expect(disabled.body.obj).toMatchObject({ status: 'disabled', disabledBy: `operator:${owner.login}`, usedCount: 1 });
    const second = await quickPlayer(server);
    expect((await server.call('/cash/redeemGift', { code }, { token: second.token })).body).toMatchObject({
      res: 0,
      code: 'GIFT_EXPIRED',
    });
    expect(await cashOf(server, second.userId)).toBe(0n);
    const active = await adminCall(server, '/giftCodes/list', { status: 'active' }, { token: finance.token });
    expect(active.body.obj.list.map((gift: { code: string }) => gift.code)).not.toContain(code);
    const off = await adminCall(server, '/giftCodes/list', { status: 'disabled' }, { token: finance.token });
    expect(off.body.obj.list.map((gift: { code: string }) => gift.code)).toContain(code);
  });

  it('refuses a zero or too large amount, zero uses and a past expiry, creating nothing', async () => {
    const countCodes = async () =>
      (await server.ctx.db.query<{ count: number }>('select count(*)::int as count from gift_codes'))[0]!.count;
    const before = await countCodes();
    for (const [body, code] of [
      [{ amount: '0', uses: 1 }, 'AMOUNT_INVALID'],
      [{ amount: '100000.01', uses: 1 }, 'AMOUNT_INVALID'],
      [{ amount: '10', uses: 0 }, 'INVALID_FIELD'],
      [{ amount: '10', uses: 1, expiresTime: new Date(server.clock.now().getTime() - 1000).toISOString() }, 'INVALID_FIELD'],
    ] as const) {
      expect(
        (await adminCall(server, '/giftCodes/create', body, { token: finance.token })).body,
        JSON.stringify(body),
      ).toMatchObject({
        res: 0,
        code,
      });
    }
    expect(await countCodes()).toBe(before);
  });
});

describe('one rule on both surfaces: each calls the same use case', () => {
  it('refuses the maker’s own second approval with the same code from the console and the CLI, and crosses surfaces', async () => {
    const player = await quickPlayer(server);
    const viaConsole = await requestAdjustment(server, finance, { playerId: player.userId, amount: '1500', reason: 'goodwill' });
    expect(viaConsole.body.obj).toMatchObject({ status: 'pending' });
    const consoleAgain = await adminCall(
      server,
      '/adjustments/approve',
      { adjustmentId: viaConsole.body.obj.id },
      { token: finance.token },
    );
    expect(consoleAgain.body).toMatchObject({ res: 0, code: 'APPROVAL_ALREADY_GIVEN' });

    const viaCli = await cli('user:adjust', { user: String(player.userId), amount: '1500', reason: 'goodwill by phone' });
    const id = /^adjustment (\d+) waits for a second/.exec(viaCli.lines[0]!)![1]!;
    const cliAgain = await cli('adjust:approve', { id });
    expect(cliAgain).toEqual({ isOk: false, lines: [expect.stringMatching(/^refused \(APPROVAL_ALREADY_GIVEN\): /)] });

    // The command line is the console request's second person, and the console the command line's.
    expect((await cli('adjust:approve', { id: viaConsole.body.obj.id }, 'second@host')).lines[0]).toMatch(/ posted: ₹1500\.00/);
    const crossed = await adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: owner.token });
    expect(crossed.body.obj).toMatchObject({ status: 'posted' });
    expect(await cashOf(server, player.userId)).toBe(300_000n);
  });

  it('refuses on the command line what the console’s form refuses: a gift code above ₹1,00,000', async () => {
    const refused = await cli('gift:create', { amount: '100000.01' });
    expect(refused).toEqual({
      isOk: false,
      lines: [expect.stringMatching(/^refused: amount "100000\.01" must be .* at most ₹100000\.00$/)],
    });
    expect(
      (await adminCall(server, '/giftCodes/create', { amount: '100000.01', uses: 1 }, { token: finance.token })).body,
    ).toMatchObject({
      res: 0,
      code: 'AMOUNT_INVALID',
    });
  });

  it('finds a player from the same text on both: id, mobile, e-mail or promotion code', async () => {
    const player = await quickPlayer(server);
    const [row] = await server.ctx.db.query<{ mobile: string; promotion_code: string }>(
      'select mobile, promotion_code from users where id = $1',
      [player.userId],
    );
    for (const text of [String(player.userId), row!.mobile, row!.promotion_code.toLowerCase()]) {
      const searched = await adminCall(server, '/players/search', { query: text }, { token: finance.token });
      expect(
        searched.body.obj.list.map((found: { id: number }) => found.id),
        text,
      ).toEqual([player.userId]);
      expect((await cli('user:show', { user: text })).lines[0], text).toMatch(new RegExp(`^player ${player.userId} `));
    }
    expect((await cli('user:show', { user: 'nobody-here' })).lines[0]).toMatch(/^refused: no player found for "nobody-here"/);
  });
});

describe('content from the console shows on the player app’s endpoints', () => {
  let support: SignedInOperator;
  beforeAll(async () => {
    support = await signedInOperator(server, 'support');
  });
  const noticeTitles = async (lang?: string) =>
    (await server.call('/user/findNotice', { pageNum: 1, pageSize: 50, ...(lang ? { lang } : {}) })).body.obj.list.map(
      (notice: { title: string }) => notice.title,
    );

  it('a notice for one language shows to that language only, within its dates, with the dialog’s links; edits are audited', async () => {
    const since = await lastAuditId(server);
    const saved = await adminCall(
      server,
      '/content/notices/save',
      {
        locale: 'hi',
        title: 'Diwali bonus',
        message: 'Recharge today for a Diwali bonus.',
        promotionUrl: 'https://mayur.example/diwali',
        isPublished: true,
      },
      { token: support.token },
    );
    expect(saved.body).toMatchObject({ res: 1, obj: { locale: 'hi', isShowing: true, updatedBy: `operator:${support.login}` } });
    const id: number = saved.body.obj.id;
    const rows = await auditRows(server, since);
    expect(rows.map((row) => [row.action, row.outcome, row.before])).toEqual([['admin/content/notices/save', 'ok', null]]);
    expect(rows[0]!.after).toMatchObject({ id, title: 'Diwali bonus' });

    expect(await noticeTitles('hi')).toContain('Diwali bonus');
    expect(await noticeTitles('fr')).not.toContain('Diwali bonus');
    expect(await noticeTitles()).not.toContain('Diwali bonus');
    const dialog = await server.call('/user/getNoticeUrl', { lang: 'hi' });
    expect(dialog.body.obj[0]).toEqual({
      message: 'Recharge today for a Diwali bonus.',
      download_url: '',
      main_url: '',
      promotion_url: 'https://mayur.example/diwali',
    });

    // Every language, starting in an hour: nobody sees it until then.
    const later = new Date(server.clock.now().getTime() + 3_600_000).toISOString();
    const everyone = await adminCall(
      server,
      '/content/notices/save',
      { locale: null, title: 'Maintenance', message: 'Short maintenance tonight.', isPublished: true, startsTime: later },
      { token: owner.token },
    );
    expect(everyone.body.obj).toMatchObject({ locale: null, isShowing: false });
    expect(await noticeTitles('fr')).not.toContain('Maintenance');
    server.clock.advance(3_600_000);
    expect(await noticeTitles('fr')).toContain('Maintenance');
    expect(await noticeTitles()).toContain('Maintenance');

    // Unpublished by an edit: gone for players, still listed for operators, the audit row has both sides.
    const before = await lastAuditId(server);
    const hidden = await adminCall(
      server,
      '/content/notices/save',
      { id, locale: 'hi', title: 'Diwali bonus', message: 'Recharge today for a Diwali bonus.', isPublished: false },
      { token: support.token },
    );
    expect(hidden.body.obj).toMatchObject({ id, isPublished: false, isShowing: false });
    expect(await noticeTitles('hi')).not.toContain('Diwali bonus');
    const listed = await adminCall(server, '/content/notices/list', {}, { token: auditor.token });
    expect(listed.body.obj.list.find((notice: { id: number }) => notice.id === id)).toMatchObject({ isPublished: false });
    const [edit] = await auditRows(server, before);
    expect(edit).toMatchObject({ before: { id, isPublished: true }, after: { id, isPublished: false } });
  });

  it('refuses a link that is not https, an end before the start and an unknown notice', async () => {
    const base = { locale: 'en-US', title: 'T', message: 'M', isPublished: true };
    const refusals = [
      [{ ...base, mainUrl: 'javascript:alert(1)' }, 'INVALID_FIELD'],
      [{ ...base, startsTime: '2030-01-02T00:00:00Z', endsTime: '2030-01-01T00:00:00Z' }, 'DATE_RANGE_INVALID'],
      [{ ...base, locale: 'de' }, 'INVALID_FIELD'],
      [{ ...base, id: 999_999 }, 'NOT_FOUND'],
    ] as const;
    for (const [body, code] of refusals) {
      const reply = await adminCall(server, '/content/notices/save', body, { token: support.token });
      expect(reply.body, JSON.stringify(body)).toMatchObject({ res: 0, code });
    }
  });

  it('support contacts: every language’s replace the settings, a language’s own replace those, removing falls back', async () => {
    const channels = async (lang?: string) =>
      (await server.call('/user/getSupportChannels', lang ? { lang } : {})).body.obj.channels as Array<{
        kind: string;
        url: string;
      }>;
    const fromSettings = await channels();
    const everyone = await adminCall(
      server,
      '/content/supportContacts/save',
      { locale: null, kind: 'telegram', value: '@mayurhelp' },
      { token: support.token },
    );
    expect(everyone.body.obj).toMatchObject({
      locale: null,
      kind: 'telegram',
      label: '@mayurhelp',
      url: 'https://t.me/mayurhelp',
    });
    expect(await channels('ru')).toEqual([{ kind: 'telegram', label: '@mayurhelp', url: 'https://t.me/mayurhelp' }]);
    const hindi = await adminCall(
      server,
      '/content/supportContacts/save',
      { locale: 'hi', kind: 'whatsapp', value: '+91 98765 43210' },
      { token: support.token },
    );
    expect(hindi.body.obj).toMatchObject({ locale: 'hi', kind: 'whatsapp', url: 'https://wa.me/919876543210' });
    expect((await channels('hi')).map((channel) => channel.kind)).toEqual(['whatsapp']);
    expect((await channels('ru')).map((channel) => channel.kind)).toEqual(['telegram']);

    expect(
      (
        await adminCall(
          server,
          '/content/supportContacts/save',
          { locale: 'hi', kind: 'email', value: 'not an address' },
          { token: support.token },
        )
      ).body,
    ).toMatchObject({ res: 0, code: 'INVALID_FIELD' });

    for (const saved of [hindi, everyone]) {
      const removed = await adminCall(
        server,
        '/content/supportContacts/remove',
        { id: saved.body.obj.id },
        { token: owner.token },
      );
      expect(removed.body.res).toBe(1);
    }
    expect(await channels('hi')).toEqual(fromSettings);
    const listed = await adminCall(server, '/content/supportContacts/list', {}, { token: auditor.token });
    expect(listed.body.obj).toEqual({ list: [], fromSettings });
  });
});

describe('risk flags', () => {
  let risk: SignedInOperator;
  beforeAll(async () => {
    risk = await signedInOperator(server, 'risk');
  });
  let sessionNumber = 0;
  async function session(userId: number, ip: string, userAgent: string, daysAgo = 0) {
    sessionNumber += 1;
    const at = new Date(server.clock.now().getTime() - daysAgo * 86_400_000);
    await server.ctx.db.query(
      'insert into sessions (token_hash, user_id, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)',
      [`risk-test-${sessionNumber}`, userId, at, new Date(at.getTime() + 86_400_000), ip, userAgent],
    );
  }

  it('lists players sharing an address, a device, a payout account, and an inviter paid for several new accounts', async () => {
    const [a, b, c, d] = [
      await quickPlayer(server),
      await quickPlayer(server),
      await quickPlayer(server),
      await quickPlayer(server),
    ];
    await session(a.userId, '203.0.113.7', 'Phone A');
    await session(b.userId, '203.0.113.7', 'Phone A');
    await session(c.userId, '203.0.113.7', 'Phone C');
    // Shared 40 days ago: outside a 30-day look.
    await session(d.userId, '198.51.100.9', 'Phone D', 40);
    await session(a.userId, '198.51.100.9', 'Phone D', 40);

    // Two players add the same bank account.
    const [payer1, payer2] = [await payingPlayer(server), await payingPlayer(server)];
    await addBankCard(server, payer1.token, { bankAccount: '998877665544' });
    await addBankCard(server, payer2.token, { bankAccount: '998877665544' });

    // An inviter paid three invite bonuses for accounts registered this week; one of them shares an address.
    const inviter = await quickPlayer(server);
    const invitees = [await quickPlayer(server), await quickPlayer(server), await quickPlayer(server)];
    for (const invitee of invitees) {
      await server.ctx.db.query(
        'insert into agent_invite_bonuses (invitee_id, inviter_id, amount_paise, paid_at) values ($1, $2, $3, $4)',
        [invitee.userId, inviter.userId, 5_000n, server.clock.now()],
      );
    }
    // Their test sessions all come from one address; only the two below count here.
    await server.ctx.db.query('update sessions set ip = null where user_id = any($1)', [
      [inviter.userId, ...invitees.map((invitee) => invitee.userId)],
    ]);
    await session(inviter.userId, '192.0.2.44', 'Inviter phone');
    await session(invitees[1]!.userId, '192.0.2.44', 'Another phone');

    const since = await lastAuditId(server);
    const reply = await adminCall(server, '/risk/flags', { days: 30 }, { token: risk.token });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    const flags = reply.body.obj;
    expect(flags.sharedAddresses).toContainEqual({ shared: '203.0.113.7', playerIds: [a.userId, b.userId, c.userId] });
    expect(flags.sharedAddresses.map((group: { shared: string }) => group.shared)).not.toContain('198.51.100.9');
    expect(flags.sharedDevices).toContainEqual({ shared: '203.0.113.7 · Phone A', playerIds: [a.userId, b.userId] });
    expect(flags.sharedPayoutAccounts).toContainEqual({ shared: 'bank …5544', playerIds: [payer1.userId, payer2.userId] });
    expect(flags.inviteChains).toContainEqual({
      inviterId: inviter.userId,
      inviteeIds: invitees.map((invitee) => invitee.userId),
      sharingAddressIds: [invitees[1]!.userId],
      bonusTotal: '150.00',
    });
    // A read of players' data: audited.
    expect((await auditRows(server, since)).map((row) => [row.action, row.outcome])).toEqual([['admin/risk/flags', 'ok']]);

    const longer = await adminCall(server, '/risk/flags', { days: 60 }, { token: auditor.token });
    expect(longer.body.obj.sharedAddresses).toContainEqual({
      shared: '198.51.100.9',
      playerIds: [a.userId, d.userId].sort((x, y) => x - y),
    });
    expect((await adminCall(server, '/risk/flags', { days: 0 }, { token: risk.token })).body).toMatchObject({
      res: 0,
      code: 'INVALID_FIELD',
    });
  });
});

describe('the agent programme', () => {
  it('shows the configured levels, rates and invite bonus, and the commission runs newest first', async () => {
    const [agent, member] = [await quickPlayer(server), await quickPlayer(server)];
    await server.ctx.db.query("insert into agent_commission_days (day, paid_at) values ('2026-11-19', $1), ('2026-11-20', $1)", [
      server.clock.now(),
    ]);
    await server.ctx.db.query(
      'insert into agent_team (ancestor_id, descendant_id, depth, descendant_registered_at) values ($1, $2, 1, $3)',
      [agent.userId, member.userId, server.clock.now()],
    );
    await server.ctx.db.query(
      `insert into agent_commission_members (agent_id, day, member_id, depth, bets_paise, rate_bp, amount_paise)
       values ($1, '2026-11-20', $2, 1, 100000, 70, 700)`,
      [agent.userId, member.userId],
    );
    const reply = await adminCall(server, '/agents/programme', {}, { token: finance.token });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    const { agent: settings } = server.ctx.config;
    expect(reply.body.obj.levels).toHaveLength(settings.commissionRatesBp.length);
    expect(reply.body.obj.levels[0]).toMatchObject({
      level: 0,
      minTeamSize: 0,
      minTeamDeposits: '0.00',
      ratesBp: settings.commissionRatesBp[0],
    });
    expect(reply.body.obj.levels[1].minTeamSize).toBe(settings.levelThresholds[0]!.minTeamSize);
    expect(reply.body.obj.inviteBonus).toEqual({ amount: '158.00', threshold: '300.00' });
    expect(reply.body.obj.commissionRuns).toEqual([
      expect.objectContaining({ day: '2026-11-20', agents: 1, lines: 1, total: '7.00' }),
      expect.objectContaining({ day: '2026-11-19', agents: 0, lines: 0, total: '0.00' }),
    ]);
  });
});
