import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankCard, cashOf, expectLedgerBalanced, payingPlayer, WITHDRAW_PASSWORD } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, auditRows, expectOneAuditRow } from '../../../test/admin-operators.ts';
import { lastAuditId, requestAdjustment, signedInOperators } from '../../../test/admin-operators.ts';
import type { SignedInOperator } from '../../../test/admin-operators.ts';

// The actions on a player from the console: freeze and unfreeze, log out everywhere,
// unlock the withdrawal password, and balance adjustments with maker-checker; each one audit row with
// the operator, the address, before and after, committed with the change. On PGlite and PostgreSQL.

let server: TestServer, owner: SignedInOperator, risk: SignedInOperator, support: SignedInOperator;
let financeA: SignedInOperator, financeB: SignedInOperator, financeC: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer();
  [owner, risk, support] = await signedInOperators(server, 'owner', 'risk', 'support');
  [financeA, financeB, financeC] = await signedInOperators(server, 'finance', 'finance', 'finance');
});
afterAll(async () => server.stop());

const PASSWORD = 'secret-pass-1';

async function playerWithLogin(mobile: string) {
  const registered = await server.registerMobile(mobile, PASSWORD);
  return { userId: registered.user.id as number, token: registered.token as string, mobile };
}

const isSignedIn = async (token: string) => (await server.call('/user/findUserInfo', {}, { token })).body.res === 1;

describe('freeze and unfreeze', () => {
  it('a frozen player is signed out at once, cannot sign in, and can again once unfrozen; each change one audit row', async () => {
    const player = await playerWithLogin('9876510001');
    expect(await isSignedIn(player.token)).toBe(true);
    const before = await lastAuditId(server);

    const frozen = await adminCall(
      server,
      '/players/freeze',
      { playerId: player.userId, reason: 'Chargeback fraud' },
      { token: risk.token, ip: '10.9.8.7' },
    );
    expect(frozen.body).toMatchObject({ res: 1, obj: { playerId: player.userId, isFrozen: true, sessionsEnded: 1 } });
    expect(await isSignedIn(player.token)).toBe(false);
    const login = await server.call('/user/login', { mobile: player.mobile, password: PASSWORD });
    expect(login.body).toMatchObject({ res: 0, code: 'ACCOUNT_FROZEN' });

    await expectOneAuditRow(server, before, {
      action: 'admin/players/freeze',
      outcome: 'ok',
      operator_id: BigInt(risk.id),
      ip: '10.9.8.7',
      before: { playerId: player.userId, isFrozen: false, reason: null },
      after: { playerId: player.userId, isFrozen: true, reason: 'Chargeback fraud', sessionsEnded: 1 },
    });

    const page = await adminCall(server, '/players/page', { playerId: player.userId }, { token: support.token });
    expect(page.body.obj.player).toMatchObject({ isFrozen: true, frozenReason: 'Chargeback fraud' });

    const unfrozen = await adminCall(server, '/players/unfreeze', { playerId: player.userId }, { token: owner.token });
    expect(unfrozen.body).toMatchObject({ res: 1, obj: { isFrozen: false } });
    const again = await server.call('/user/login', { mobile: player.mobile, password: PASSWORD });
    expect(again.body.res, JSON.stringify(again.body)).toBe(1);
    expect(await isSignedIn(again.body.obj.token)).toBe(true);
    expect((await auditRows(server, before)).map((row) => row.action)).toEqual([
      'admin/players/freeze',
      'admin/players/page',
      'admin/players/unfreeze',
    ]);
  });

  it('refuses an unknown player with PLAYER_NOT_FOUND, audited, and support may not freeze', async () => {
    const before = await lastAuditId(server);
    const unknown = await adminCall(server, '/players/freeze', { playerId: 99_999_999, reason: 'x' }, { token: risk.token });
    expect(unknown.body).toMatchObject({ res: 0, code: 'PLAYER_NOT_FOUND' });
    const refused = await adminCall(server, '/players/freeze', { playerId: 99_999_999, reason: 'x' }, { token: support.token });
    expect(refused.status).toBe(403);
    const rows = await auditRows(server, before);
    expect(rows.map((row) => row.outcome.split(' ')[0])).toEqual(['refused:PLAYER_NOT_FOUND', 'refused:FORBIDDEN']);
  });
});

describe('log out everywhere', () => {
  it('ends every session of the player; they may sign in again', async () => {
    const player = await playerWithLogin('9876510002');
    const second = (await server.call('/user/login', { mobile: player.mobile, password: PASSWORD })).body.obj.token as string;
    expect(await isSignedIn(second)).toBe(true);
    const reply = await adminCall(server, '/players/logoutEverywhere', { playerId: player.userId }, { token: support.token });
    expect(reply.body).toMatchObject({ res: 1, obj: { sessionsEnded: 2, isFrozen: false } });
    expect(await isSignedIn(player.token)).toBe(false);
    expect(await isSignedIn(second)).toBe(false);
    expect((await server.call('/user/login', { mobile: player.mobile, password: PASSWORD })).body.res).toBe(1);
  });
});

describe('unlock the withdrawal password', () => {
  it('ends the lock of five wrong tries: the right password works again at once', async () => {
    const player = await payingPlayer(server, 5_000_00n);
    const bankCardId = await addBankCard(server, player.token);
    const withdraw = (withdrawPassword: string) =>
      server.call('/cash/withdrawNew', { amount: '230', bankCardId, withdrawPassword }, { token: player.token });
    for (let i = 0; i < 5; i++) {
      const wrong = await withdraw('000000');
      expect(wrong.body.code).toBe('WITHDRAW_PASSWORD_WRONG');
    }
    const locked = await withdraw(WITHDRAW_PASSWORD);
    expect(locked.body.code).toBe('WITHDRAW_PASSWORD_THROTTLED');
    const page = await adminCall(server, '/players/page', { playerId: player.userId }, { token: support.token });
    expect(page.body.obj.player).toMatchObject({ isWithdrawPasswordLocked: true, hasWithdrawPassword: true });

    const before = await lastAuditId(server);
    const unlocked = await adminCall(
      server,
      '/players/unlockWithdrawPassword',
      { playerId: player.userId },
      { token: support.token },
    );
    expect(unlocked.body.res).toBe(1);
    const [row] = await auditRows(server, before);
    expect(row).toMatchObject({ outcome: 'ok', before: { isLocked: true }, after: { failures: 0, isLocked: false } });
    const paid = await withdraw(WITHDRAW_PASSWORD);
    expect(paid.body.res, JSON.stringify(paid.body)).toBe(1);
  });
});

describe('balance adjustments', () => {
  it('at or below the amount posts at once against the house adjustments account, with one audit row', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_00n });
    const before = await lastAuditId(server);
    const reply = await requestAdjustment(server, financeA, {
      playerId: player.userId,
      amount: '+250.50',
      reason: 'Goodwill for an outage',
    });
    expect(reply.body).toMatchObject({ res: 1, obj: { status: 'posted', amount: '250.50', needsSecondApproval: false } });
    expect(await cashOf(server, player.userId)).toBe(350_50n);
    await expectOneAuditRow(server, before, {
      action: 'admin/adjustments/request',
      outcome: 'ok',
      before: null,
      after: { status: 'posted' },
    });

    const debit = await requestAdjustment(server, financeA, {
      playerId: player.userId,
      amount: '-50',
      reason: 'Duplicate credit',
    });
    expect(debit.body.obj).toMatchObject({ status: 'posted', amount: '-50.00' });
    expect(await cashOf(server, player.userId)).toBe(300_50n);
    const transfers = await adminCall(
      server,
      '/players/transfers',
      { playerId: player.userId, kind: 'adjustments' },
      { token: financeA.token },
    );
    expect(transfers.body.obj.list.map((row: { amount: string }) => row.amount)).toEqual(['-50.00', '250.50', '100.00']);
    expect(transfers.body.obj.list[0]).toMatchObject({
      reason: 'adjustment',
      account: 'cash',
      counterparty: 'adjustments',
      balanceAfter: '300.50',
    });
    await expectLedgerBalanced(server);
  });

  it('refuses a debit larger than the cash: nothing is stored, the refusal is audited', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_00n });
    const before = await lastAuditId(server);
    const reply = await requestAdjustment(server, financeA, { playerId: player.userId, amount: '-11', reason: 'Too much' });
    expect(reply.body).toMatchObject({ res: 0, code: 'INSUFFICIENT_BALANCE' });
    expect(await cashOf(server, player.userId)).toBe(10_00n);
    const [stored] = await server.ctx.db.query<{ count: number }>(
      'select count(*)::int as count from balance_adjustments where user_id = $1',
      [player.userId],
    );
    expect(stored!.count).toBe(0);
    const rows = await auditRows(server, before);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).toMatch(/^refused:INSUFFICIENT_BALANCE/);
  });

  it('above the amount waits for a second, different operator: the maker cannot approve, the checker posts, later approvals are refused', async () => {
    const player = await quickPlayer(server);
    const asked = await requestAdjustment(server, financeA, { playerId: player.userId, amount: '15000', reason: 'Lost payout' });
    expect(asked.body.obj).toMatchObject({ status: 'pending', needsSecondApproval: true, approvals: [expect.any(String)] });
    expect(await cashOf(server, player.userId)).toBe(0n);
    const id = asked.body.obj.id as string;

    const own = await adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: financeA.token });
    expect(own.body).toMatchObject({ res: 0, code: 'APPROVAL_ALREADY_GIVEN' });
    expect(await cashOf(server, player.userId)).toBe(0n);

    const before = await lastAuditId(server);
    const checked = await adminCall(
      server,
      '/adjustments/approve',
      { adjustmentId: id },
      { token: financeB.token, ip: '10.1.1.1' },
    );
    expect(checked.body.obj).toMatchObject({ status: 'posted', approvals: [expect.any(String), expect.any(String)] });
    expect(await cashOf(server, player.userId)).toBe(15_000_00n);
    const [row] = await auditRows(server, before);
    expect(row).toMatchObject({
      operator_id: BigInt(financeB.id),
      ip: '10.1.1.1',
      before: { status: 'pending' },
      after: { status: 'posted' },
    });

    const late = await adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: financeC.token });
    expect(late.body).toMatchObject({ res: 0, code: 'ADJUSTMENT_CLOSED' });
    const rejected = await adminCall(
      server,
      '/adjustments/reject',
      { adjustmentId: id, reason: 'no' },
      { token: financeC.token },
    );
    expect(rejected.body).toMatchObject({ res: 0, code: 'ADJUSTMENT_CLOSED' });
    expect(await cashOf(server, player.userId)).toBe(15_000_00n);
  });

  it('racing approvals of different operators post once', async () => {
    const player = await quickPlayer(server);
    const asked = await requestAdjustment(server, owner, { playerId: player.userId, amount: '12000', reason: 'Race' });
    const id = asked.body.obj.id as string;
    const replies = await Promise.all(
      [financeA, financeB, financeC].map((checker) =>
        adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: checker.token }),
      ),
    );
    expect(replies.filter((reply) => reply.body.res === 1)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'ADJUSTMENT_CLOSED')).toHaveLength(2);
    expect(await cashOf(server, player.userId)).toBe(12_000_00n);
    await expectLedgerBalanced(server);
  });

  it('a rejected adjustment moves nothing and is listed as rejected', async () => {
    const player = await quickPlayer(server);
    const asked = await requestAdjustment(server, financeA, { playerId: player.userId, amount: '-20000', reason: 'Claw back' });
    const id = asked.body.obj.id as string;
    const rejected = await adminCall(
      server,
      '/adjustments/reject',
      { adjustmentId: id, reason: 'Not agreed' },
      { token: financeB.token },
    );
    expect(rejected.body.obj).toMatchObject({ status: 'rejected' });
    const list = await adminCall(server, '/adjustments/list', { status: 'rejected' }, { token: owner.token });
    expect(list.body.obj.list.map((item: { id: string }) => item.id)).toContain(id);
    expect(await cashOf(server, player.userId)).toBe(0n);
  });
});

describe('the player page', () => {
  it('shows balances, team and inviter, sessions, masked payout accounts, and exports the ledger as CSV', async () => {
    const player = await payingPlayer(server, 500_00n);
    await addBankCard(server, player.token);
    const inviter = await quickPlayer(server);
    await server.ctx.db.query('update users set inviter_id = $2 where id = $1', [player.userId, inviter.userId]);
    const page = await adminCall(server, '/players/page', { playerId: player.userId }, { token: support.token });
    expect(page.body.res, JSON.stringify(page.body)).toBe(1);
    const obj = page.body.obj;
    expect(obj.balances).toEqual({ cash: '500.00', bonus: '0.00' });
    expect(obj.team.inviter).toMatchObject({ id: inviter.userId });
    expect(obj.sessions).toHaveLength(1);
    expect(obj.payoutAccounts).toHaveLength(1);
    expect(obj.payoutAccounts[0].destination).toMatch(/••••\d{4}$/);
    const inviterPage = await adminCall(server, '/players/page', { playerId: inviter.userId }, { token: support.token });
    expect(inviterPage.body.obj.team).toMatchObject({ invitedCount: 1, invited: [{ id: player.userId }] });

    const csv = await adminCall(server, '/players/transfersExport', { playerId: player.userId }, { token: support.token });
    expect(csv.body.obj).toMatchObject({ rowCount: 1, isTruncated: false });
    expect(csv.body.obj.csv.split('\r\n')[0]).toBe('transfer,time,reason,account,amount,balance after,counterparty,reference');
    expect(csv.body.obj.csv).toContain(',adjustment,cash,500.00,500.00,adjustments,');
  });
});

describe('a frozen player with a session another node still trusts', () => {
  it('cannot open a recharge order or request a withdrawal: the money use cases ask themselves', async () => {
    const player = await payingPlayer(server, 5_000_00n);
    const bankCardId = await addBankCard(server, player.token);
    // As if the freeze had committed and this node had not yet dropped the session (at most a second).
    await server.ctx.db.query("update users set frozen_at = now(), frozen_reason = 'test' where id = $1", [player.userId]);
    const recharge = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
    const usdt = await server.call('/cash/usdtAddressPay', { payType: 40001, amount: '10.00' }, { token: player.token });
    const withdrawal = await server.call(
      '/cash/withdrawNew',
      { amount: '230', bankCardId, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect([recharge.body.code, usdt.body.code, withdrawal.body.code]).toEqual([
      'ACCOUNT_FROZEN',
      'ACCOUNT_FROZEN',
      'ACCOUNT_FROZEN',
    ]);
    expect(await cashOf(server, player.userId)).toBe(5_000_00n);
  });
});
