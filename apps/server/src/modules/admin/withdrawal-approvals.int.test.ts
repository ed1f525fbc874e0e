import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOf, expectLedgerBalanced, payingPlayer } from '../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, auditRows, lastAuditId, signedInOperators, type SignedInOperator } from '../../../test/admin-operators.ts';
import { requestedWithdrawal, withdrawalStatus } from '../../../test/console-withdrawals.ts';

// Maker-checker on withdrawals from the console: above ADMIN_SECOND_APPROVAL_ABOVE_RUPEES (here 1,000)
// two different operators must approve, the same one twice is refused, racing approvals pay once;
// below it one approval pays; a rejection returns the amount to the player.

let server: TestServer, first: SignedInOperator, second: SignedInOperator, third: SignedInOperator, fourth: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECOND_APPROVAL_ABOVE_RUPEES: '1000' });
  [first, second, third, fourth] = await signedInOperators(server, 'finance', 'finance', 'owner', 'finance');
});
afterAll(async () => server.stop());

const requestWithdrawal = (amount: string) => requestedWithdrawal(server, amount);
const statusOf = (withdrawNo: string) => withdrawalStatus(server, withdrawNo);

describe('recharge orders', () => {
  it('are listed by status for finance, oldest first, read-only', async () => {
    const player = await payingPlayer(server);
    const opened = await server.call('/cash/payNew', { amount: '300', method: 'upi' }, { token: player.token });
    expect(opened.body.res).toBe(1);
    const waiting = await adminCall(server, '/deposits/list', {}, { token: first.token });
    expect(waiting.body.obj.list.find((item: any) => item.orderNo === opened.body.obj.orderNo)).toMatchObject({
      playerId: player.userId,
      method: 'upi',
      amount: '300.00',
      status: 'pending',
      usdtAmount: null,
    });
    const completed = await adminCall(server, '/deposits/list', { status: 'COMPLETED' }, { token: first.token });
    expect(completed.body.obj.list.map((item: any) => item.orderNo)).not.toContain(opened.body.obj.orderNo);
  });
});

describe('maker-checker on withdrawals', () => {
  it('pays one above the limit only after a second, different operator approves; the same operator twice is refused', async () => {
    const { player, withdrawNo } = await requestWithdrawal('2000');
    const queue = await adminCall(server, '/withdrawals/list', {}, { token: first.token });
    expect(queue.body.obj.secondApprovalAbove).toBe('1000.00');
    expect(queue.body.obj.list.find((item: any) => item.withdrawNo === withdrawNo)).toMatchObject({
      needsSecondApproval: true,
      approvals: [],
    });

    const before = await lastAuditId(server);
    const once = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: first.token });
    expect(once.body.obj).toMatchObject({ status: 'awaitingSecondApproval', approvals: 1 });
    expect(await statusOf(withdrawNo)).toBe('pending');
    const twice = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: first.token });
    expect(twice.body).toMatchObject({ res: 0, code: 'APPROVAL_ALREADY_GIVEN' });
    expect(await statusOf(withdrawNo)).toBe('pending');

    const cashBefore = await cashOf(server, player.userId);
    const checked = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: second.token });
    expect(checked.body.obj).toMatchObject({ status: 'paid', approvals: 2 });
    expect(await statusOf(withdrawNo)).toBe('paid');
    expect(await cashOf(server, player.userId)).toBe(cashBefore);
    const rows = await auditRows(server, before);
    expect(rows.map((row) => [row.action, row.outcome.split(' ')[0]])).toEqual([
      ['admin/withdrawals/approve', 'ok'],
      ['admin/withdrawals/approve', 'refused:APPROVAL_ALREADY_GIVEN'],
      ['admin/withdrawals/approve', 'ok'],
    ]);
    // The row is written in the approval's transaction: the payout was then on its way to the gateway,
    // whose answer the withdrawal itself records.
    expect(rows[2]!.after).toMatchObject({ status: 'paying', approvals: 2 });
    const late = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: third.token });
    expect(late.body.code).toBe('ORDER_CLOSED');
    await expectLedgerBalanced(server);
  });

  it('pays once when second approvals race', async () => {
    const { withdrawNo } = await requestWithdrawal('1500');
    await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: first.token });
    const replies = await Promise.all(
      [second, third, fourth].map((operator) =>
        adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: operator.token }),
      ),
    );
    const paid = replies.filter((reply) => reply.body.obj?.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.res === 0).every((reply) => reply.body.code === 'ORDER_CLOSED')).toBe(true);
    const [payouts] = await server.ctx.db.query<{ count: number }>(
      `select count(*)::int as count from ledger_transfers where idempotency_key like $1`,
      [`%${withdrawNo}%`],
    );
    // One hold when requested and one payout when paid: nothing twice.
    expect(payouts!.count).toBe(2);
    await expectLedgerBalanced(server);
  });

  it('pays one at or below the limit with one approval, and a rejection returns the amount', async () => {
    const small = await requestWithdrawal('1000');
    expect(
      (await adminCall(server, '/withdrawals/approve', { withdrawNo: small.withdrawNo }, { token: first.token })).body.obj,
    ).toMatchObject({
      status: 'paid',
      approvals: 1,
    });
    const refused = await requestWithdrawal('2500');
    const cashBefore = await cashOf(server, refused.player.userId);
    const rejected = await adminCall(
      server,
      '/withdrawals/reject',
      { withdrawNo: refused.withdrawNo, reason: 'Name differs' },
      { token: second.token },
    );
    expect(rejected.body.obj).toMatchObject({ status: 'rejected' });
    expect(await cashOf(server, refused.player.userId)).toBe(cashBefore + 250_000n);
    const list = await server.call('/cash/findWithdrawList', { pageNum: 1, pageSize: 10 }, { token: refused.player.token });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'FAIL' });
  });
});
