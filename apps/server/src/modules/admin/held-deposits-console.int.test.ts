import type { TDepositQueueItem } from '@mayur/contracts/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashOf, expectLedgerBalanced, operator, payingPlayer } from '../../../test/payments.ts';
import { houseBalance, openUpiOrder, sandboxDepositCallback } from '../../../test/console-deposits.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { returnHeldDeposit } from '../payments/recharge/return-held-deposit.ts';
import {
  adminCall,
  auditRows,
  expectOneAuditRow,
  lastAuditId,
  signedInOperators,
  type SignedInOperator,
} from '../../../test/admin-operators.ts';

// Held recharges in the console (decision 0022, "Late credits"): a payment that could not be credited
// is listed under its own filter with why it was held, and finance records its return to the payer
// from the console, once, with the audit row in the return's own transaction.

let server: TestServer, finance: SignedInOperator, owner: SignedInOperator, auditor: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.advance(Date.now() - server.clock.now().getTime());
  [finance, owner, auditor] = await signedInOperators(server, 'finance', 'owner', 'auditor');
});
afterAll(async () => server.stop());
afterEach(async () => {
  await expectLedgerBalanced(server);
});

/** A failed ₹1,000 order paid late after another ₹1,000 was credited under a ₹1,000 daily limit: held. */
async function heldOverTheLimit() {
  const player = await payingPlayer(server);
  const limit = await server.call(
    '/protection/setLimit',
    { kind: 'deposit', period: 'day', amount: '1000' },
    { token: player.token },
  );
  expect(limit.body.res).toBe(1);
  const held = await openUpiOrder(server, player, '1000');
  expect((await sandboxDepositCallback(server, held, 'failed', '1000.00', `fail-${held}`)).body.outcome).toBe('marked_failed');
  const paid = await openUpiOrder(server, player, '1000');
  expect((await sandboxDepositCallback(server, paid, 'paid', '1000.00', `pay-${paid}`)).body.outcome).toBe('credited');
  expect((await sandboxDepositCallback(server, held, 'paid', '1000.00', `late-${held}`)).body.outcome).toBe('held');
  return { player, held, paid };
}

async function listed(status: string, orderNo: string): Promise<TDepositQueueItem | undefined> {
  const reply = await adminCall(server, '/deposits/list', { status, pageSize: 200 }, { token: auditor.token });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ res: 1 });
  return (reply.body.obj.list as TDepositQueueItem[]).find((item) => item.orderNo === orderNo);
}

describe('held recharges in the console', () => {
  it('lists a held order under HELD with its reason, returns it once (audited in its transaction), then refuses', async () => {
    const { player, held, paid } = await heldOverTheLimit();
    const holdsBefore = await houseBalance(server, 'deposit-holds');
    expect(await listed('HELD', held)).toMatchObject({
      orderNo: held,
      playerId: player.userId,
      amount: '1000.00',
      status: 'failed',
      heldReason: 'deposit_limit',
      returnedTime: null,
    });
    expect(await listed('HELD', paid)).toBeUndefined();
    expect(await listed('COMPLETED', paid)).toMatchObject({ heldReason: null, returnedTime: null });

    const since = await lastAuditId(server);
    const returned = await adminCall(server, '/deposits/return', { orderNo: held }, { token: finance.token });
    expect(returned.body).toEqual({
      res: 1,
      resMsg: 'success',
      obj: { orderNo: held, playerId: player.userId, amount: '1000.00', heldReason: 'deposit_limit' },
    });
    await expectOneAuditRow(server, since, {
      action: 'admin/deposits/return',
      outcome: 'ok',
      operator_id: BigInt(finance.id),
      before: { orderNo: held, status: 'held', heldReason: 'deposit_limit', amount: '1000.00' },
      after: { orderNo: held, status: 'returned' },
    });
    expect(await houseBalance(server, 'deposit-holds')).toBe(holdsBefore - 100_000n);
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    expect(await listed('HELD', held)).toBeUndefined();
    const failed = await listed('FAIL', held);
    expect(failed).toMatchObject({
      heldReason: 'deposit_limit',
      note: `held (deposit limit), returned by operator:${finance.login}`,
    });
    expect(typeof failed?.returnedTime).toBe('string');

    const sinceAgain = await lastAuditId(server);
    const again = await adminCall(server, '/deposits/return', { orderNo: held }, { token: owner.token });
    expect(again.body).toMatchObject({ res: 0, code: 'ORDER_CLOSED' });
    const refusedRows = await auditRows(server, sinceAgain);
    expect(refusedRows).toHaveLength(1);
    expect(refusedRows[0]!.outcome).toMatch(/^refused:ORDER_CLOSED/);
    expect((await operator(server, 'deposit:return', { order: held })).isOk).toBe(false);
    expect(await houseBalance(server, 'deposit-holds')).toBe(holdsBefore - 100_000n);
  });

  it('refuses an order that is not held, an unknown one, a malformed number and an auditor, moving nothing', async () => {
    const { player, held, paid } = await heldOverTheLimit();
    const holdsBefore = await houseBalance(server, 'deposit-holds');
    const refusal = async (body: unknown, token = finance.token) =>
      (await adminCall(server, '/deposits/return', body, { token })).body;

    expect(await refusal({ orderNo: paid })).toMatchObject({ res: 0, code: 'ORDER_CLOSED' });
    expect(await refusal({ orderNo: 'R20261121120000000000' })).toMatchObject({ res: 0, code: 'ORDER_NOT_FOUND' });
    expect(await refusal({ orderNo: 'R1' })).toMatchObject({ res: 0, code: 'ORDER_NOT_FOUND' });
    expect(await refusal({ orderNo: held }, auditor.token)).toMatchObject({ res: 0, code: 'FORBIDDEN' });
    expect(await houseBalance(server, 'deposit-holds')).toBe(holdsBefore);
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    expect(await listed('HELD', held)).toMatchObject({ returnedTime: null });
  });

  it('undoes the return when the step inside its transaction fails: the order stays held, the holds keep the money', async () => {
    const player = await payingPlayer(server);
    const orderNo = await openUpiOrder(server, player, '300');
    const excluded = await server.call('/protection/startExclusion', { duration: '6m' }, { token: player.token });
    expect(excluded.body.res).toBe(1);
    expect((await sandboxDepositCallback(server, orderNo, 'paid', '300.00', `pay-${orderNo}`)).body.outcome).toBe('held');
    const holdsBefore = await houseBalance(server, 'deposit-holds');

    const attempt = returnHeldDeposit({ db: server.ctx.db, log: server.ctx.log }, orderNo, 'test-operator', async () => {
      throw new Error('the audit row could not be written');
    });
    await expect(attempt).rejects.toThrow('the audit row could not be written');
    expect(await houseBalance(server, 'deposit-holds')).toBe(holdsBefore);
    expect(await listed('HELD', orderNo)).toMatchObject({ heldReason: 'self_exclusion', returnedTime: null });
  });
});
