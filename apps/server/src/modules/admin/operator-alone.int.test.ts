import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOf, expectLedgerBalanced, operator, payingPlayer } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, createGiftCode, requestAdjustment } from '../../../test/admin-operators.ts';
import { signedInOperator, signedInOperators } from '../../../test/admin-operators.ts';
import type { SignedInOperator } from '../../../test/admin-operators.ts';
import { requestWithdrawals, withdrawalStatus } from '../../../test/console-withdrawals.ts';

// No operator moves money to a player alone above the second-approval amount (here ₹10,000, the
// default), by any path: gift codes, adjustments (console and CLI), withdrawals, or splitting a sum
// into small ones. And nobody approves a withdrawal of money they put into the player's account.

let server: TestServer, finance: SignedInOperator, otherFinance: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer();
  [finance, otherFinance] = await signedInOperators(server, 'finance', 'finance');
});
afterAll(async () => server.stop());

const withdrawals = (player: { token: string }, amounts: string[]) => requestWithdrawals(server, player, amounts);
const statusOf = (withdrawNo: string) => withdrawalStatus(server, withdrawNo);

describe('one finance operator alone', () => {
  it('cannot mint a ₹50,000 cash gift code a fresh player redeems at once', async () => {
    const created = await createGiftCode(server, finance, { amount: '50000', uses: 1, target: 'cash' });
    expect(created.body.res, JSON.stringify(created.body)).toBe(1);
    expect(created.body.obj.status).toBe('pending');
    const player = await quickPlayer(server);
    const redeemed = await server.call('/cash/redeemGift', { code: created.body.obj.code }, { token: player.token });
    expect(redeemed.body).toMatchObject({ res: 0, code: 'GIFT_NOT_FOUND' });
    expect(await cashOf(server, player.userId)).toBe(0n);

    // The maker cannot be the second person; another finance operator can.
    const byMaker = await adminCall(server, '/giftCodes/approve', { code: created.body.obj.code }, { token: finance.token });
    expect(byMaker.body.code).toBe('APPROVAL_ALREADY_GIVEN');
    const approved = await adminCall(
      server,
      '/giftCodes/approve',
      { code: created.body.obj.code },
      { token: otherFinance.token },
    );
    expect(approved.body.obj).toMatchObject({ status: 'active', approvedBy: `operator:${otherFinance.id}` });
    expect((await server.call('/cash/redeemGift', { code: created.body.obj.code }, { token: player.token })).body.res).toBe(1);
    expect(await cashOf(server, player.userId)).toBe(5_000_000n);
  });

  it('cannot pay five ₹10,000 withdrawals of one player: past the day’s ₹10,000 each waits for a second approver', async () => {
    const player = await payingPlayer(server, 5_000_000n);
    const numbers = await withdrawals(player, ['10000', '10000', '10000', '10000', '10000']);
    const answers = [];
    for (const withdrawNo of numbers)
      answers.push((await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: finance.token })).body);
    expect(answers.map((answer) => answer.obj?.status ?? answer.code)).toEqual([
      'paid',
      'awaitingSecondApproval',
      'awaitingSecondApproval',
      'awaitingSecondApproval',
      'awaitingSecondApproval',
    ]);
    expect(await Promise.all(numbers.map(statusOf))).toEqual(['paid', 'pending', 'pending', 'pending', 'pending']);
    // A second, different operator pays the one waiting.
    const second = await adminCall(server, '/withdrawals/approve', { withdrawNo: numbers[1] }, { token: otherFinance.token });
    expect(second.body.obj).toMatchObject({ status: 'paid', approvals: 2 });
    await expectLedgerBalanced(server);
  });

  it('counts small withdrawals of different players against the operator’s own day', async () => {
    const first = await payingPlayer(server, 1_000_000n);
    const second = await payingPlayer(server, 1_000_000n);
    const [a] = await withdrawals(first, ['6000']);
    const [b] = await withdrawals(second, ['6000']);
    const operatorForDay = await signedInOperator(server, 'finance');
    expect(
      (await adminCall(server, '/withdrawals/approve', { withdrawNo: a }, { token: operatorForDay.token })).body.obj.status,
    ).toBe('paid');
    expect(
      (await adminCall(server, '/withdrawals/approve', { withdrawNo: b }, { token: operatorForDay.token })).body.obj.status,
    ).toBe('awaitingSecondApproval');
  });

  it('cannot approve a withdrawal of money they put into the player’s account', async () => {
    const funder = await signedInOperator(server, 'finance');
    const player = await payingPlayer(server, 100_000n);
    const gift = await createGiftCode(server, funder, { amount: '5', uses: 1, target: 'bonus' });
    expect(gift.body.obj.status).toBe('active');
    expect((await server.call('/cash/redeemGift', { code: gift.body.obj.code }, { token: player.token })).body.res).toBe(1);
    const [withdrawNo] = await withdrawals(player, ['300']);
    const refused = await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: funder.token });
    expect(refused.body.code).toBe('APPROVER_FUNDED_PLAYER');
    expect(await statusOf(withdrawNo!)).toBe('pending');
    expect((await adminCall(server, '/withdrawals/approve', { withdrawNo }, { token: otherFinance.token })).body.obj.status).toBe(
      'paid',
    );

    const credited = await payingPlayer(server, 100_000n);
    const adjusted = await requestAdjustment(server, otherFinance, {
      playerId: credited.userId,
      amount: '500',
      reason: 'goodwill',
    });
    expect(adjusted.body.obj.status).toBe('posted');
    const [next] = await withdrawals(credited, ['300']);
    expect((await adminCall(server, '/withdrawals/approve', { withdrawNo: next }, { token: otherFinance.token })).body.code).toBe(
      'APPROVER_FUNDED_PLAYER',
    );
  });

  it('cannot split a large credit into adjustments under the amount, to one player or across players', async () => {
    const maker = await signedInOperator(server, 'finance');
    const player = await quickPlayer(server);
    const ask = (playerId: number, token = maker.token) =>
      adminCall(server, '/adjustments/request', { playerId, amount: '6000', reason: 'split' }, { token });
    expect((await ask(player.userId)).body.obj.status).toBe('posted');
    expect((await ask(player.userId)).body.obj.status).toBe('pending');
    // Another operator's small credit to the same player the same day: the player's day is used up too.
    expect((await ask(player.userId, otherFinance.token)).body.obj.status).toBe('pending');
    expect(await cashOf(server, player.userId)).toBe(600_000n);
  });

  it('cannot mint bonus codes worth more than the single-approval value in all', async () => {
    const created = await createGiftCode(server, finance, { amount: '100', uses: 20, target: 'bonus' });
    expect(created.body.obj.status).toBe('pending');
  });
});

describe('the CLI alone', () => {
  it('posts user:adjust above the amount only once a second, different approver approves it', async () => {
    const player = await quickPlayer(server);
    const asked = await operator(server, 'user:adjust', { user: String(player.userId), amount: '50000', reason: 'ticket 1' });
    expect(asked.isOk).toBe(true);
    expect(asked.lines[0]).toMatch(/^adjustment (\d+) waits for a second, different approver/);
    expect(await cashOf(server, player.userId)).toBe(0n);
    const id = /^adjustment (\d+)/.exec(asked.lines[0]!)![1]!;
    const sameActor = await operator(server, 'adjust:approve', { id });
    expect(sameActor.lines[0]).toMatch(/APPROVAL_ALREADY_GIVEN/);
    const approved = await adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: finance.token });
    expect(approved.body.obj.status).toBe('posted');
    expect(await cashOf(server, player.userId)).toBe(5_000_000n);
  });
});
