import { describe, expect, it } from 'vitest';
import {
  addBankCard,
  addUsdtAccount,
  bankCard,
  cashOf,
  operator,
  payingPlayer,
  serverCheckingLedger,
  transfersFor,
  WITHDRAW_PASSWORD,
} from '../../../../test/payments.ts';

const server = serverCheckingLedger();

async function holdsBalance(): Promise<bigint> {
  // The holds account is sharded by player (purpose#0 … #15); its balance is the sum of the shards.
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(
    "select coalesce(sum(balance_paise), 0)::bigint as balance_paise from ledger_accounts where purpose like 'withdrawal-holds#%'",
  );
  return row!.balance_paise;
}

function withdraw(token: string, body: Record<string, unknown>) {
  return server.call('/cash/withdrawNew', { withdrawPassword: WITHDRAW_PASSWORD, ...body }, { token });
}

describe('withdrawal requests', () => {
  it('moves the amount to holds at once and shows it as WAIT', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    const holdsBefore = await holdsBalance();
    const reply = await withdraw(player.token, { amount: '230', bankCardId });
    expect(reply.body).toMatchObject({ res: 1, obj: { amount: '230.00', status: 'WAIT', balance: '770.00', usdtAmount: null } });
    expect(await cashOf(server, player.userId)).toBe(77_000n);
    expect(await holdsBalance()).toBe(holdsBefore + 23_000n);
    const list = await server.call('/cash/findWithdrawList', { pageNum: 1, pageSize: 100 }, { token: player.token });
    expect(list.body.obj).toMatchObject({ total: 1, pageNum: 1, pageSize: 100 });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'WAIT', accountKind: 'bank', accountLabel: 'HDFC Bank ••••9012' });
  });

  it('refuses with the spec messages and changes nothing', async () => {
    const player = await payingPlayer(server, 200_000n);
    const bankCardId = await addBankCard(server, player.token);
    const usdtId = await addUsdtAccount(server, player.token);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: '229.99', bankCardId }, 'WITHDRAW_AMOUNT_INVALID', 'check exchange money'],
      [{ amount: '1002.99', bankCardId: usdtId }, 'WITHDRAW_AMOUNT_INVALID', 'check exchange money'],
      [{ amount: '300' }, 'BANK_CARD_REQUIRED', 'please select bank card'],
      [{ amount: '300', bankCardId: '' }, 'BANK_CARD_REQUIRED', 'please select bank card'],
      [{ amount: '300', bankCardId, withdrawPassword: '999999' }, 'WITHDRAW_PASSWORD_WRONG', 'check your password!'],
      [{ amount: '300', bankCardId, withdrawPassword: '' }, 'WITHDRAW_PASSWORD_REQUIRED', 'Withdrawal password is required'],
      [{ amount: '2500', bankCardId }, 'INSUFFICIENT_BALANCE', 'Insufficient balance'],
      [{ amount: '-5', bankCardId }, 'AMOUNT_INVALID', 'Please enter a valid amount'],
      [{ amount: '300.001', bankCardId }, 'AMOUNT_INVALID', 'Please enter a valid amount'],
      [{ amount: 'NaN', bankCardId }, 'AMOUNT_INVALID', 'Please enter a valid amount'],
    ];
    for (const [body, code, message] of cases) {
      const reply = await withdraw(player.token, body);
      expect(reply.status, JSON.stringify(body)).toBe(200);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ res: 0, code, resMsg: message });
    }
    expect(await cashOf(server, player.userId)).toBe(200_000n);
    const [count] = await server.ctx.db.query<{ count: number }>(
      'select count(*)::int as count from withdrawals where user_id = $1',
      [player.userId],
    );
    expect(count!.count).toBe(0);
  });

  it('converts a USDT withdrawal at the rate, rounding the USDT down', async () => {
    const player = await payingPlayer(server, 200_000n);
    const result = await withdraw(player.token, { amount: '1003', bankCardId: await addUsdtAccount(server, player.token) });
    // ₹1003 at ₹92 per USDT is 10.9021… USDT.
    expect(result.body.obj).toMatchObject({ amount: '1003.00', usdtAmount: '10.90' });
  });

  it('asks for a withdrawal password first when none is set', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    await server.ctx.db.query('update users set withdraw_password_hash = null where id = $1', [player.userId]);
    const reply = await withdraw(player.token, { amount: '300', bankCardId });
    expect(reply.body.code).toBe('WITHDRAW_PASSWORD_NOT_SET');
    const info = await server.call('/cash/findWithdrawInfo', {}, { token: player.token });
    expect(info.body.obj).toMatchObject({ hasWithdrawPassword: false, minBankAmount: '230.00', minUsdtAmount: '1003.00' });
  });

  it('locks the withdrawal password after five wrong tries, even for the right one', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await withdraw(player.token, { amount: '300', bankCardId, withdrawPassword: 'wrong-1' })).body.code).toBe(
        'WITHDRAW_PASSWORD_WRONG',
      );
    }
    expect((await withdraw(player.token, { amount: '300', bankCardId })).body.code).toBe('WITHDRAW_PASSWORD_THROTTLED');
    expect(await cashOf(server, player.userId)).toBe(100_000n);
  });

  it('returns the first withdrawal for a retried request key', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    const body = { amount: '300', bankCardId, requestKey: 'withdraw-retry-1' };
    const replies = await Promise.all([withdraw(player.token, body), withdraw(player.token, body), withdraw(player.token, body)]);
    const numbers = new Set(replies.map((reply) => reply.body.obj.withdrawNo));
    expect(numbers.size).toBe(1);
    expect(await cashOf(server, player.userId)).toBe(70_000n);
    const other = await withdraw(player.token, { ...body, amount: '400' });
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('of 50 parallel withdrawals of the whole balance, exactly one succeeds', async () => {
    const player = await payingPlayer(server, 50_000n);
    const bankCardId = await addBankCard(server, player.token);
    const replies = await Promise.all(Array.from({ length: 50 }, () => withdraw(player.token, { amount: '500', bankCardId })));
    const succeeded = replies.filter((reply) => reply.body.res === 1);
    expect(succeeded).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'INSUFFICIENT_BALANCE')).toHaveLength(49);
    expect(await cashOf(server, player.userId)).toBe(0n);
    const rows = await server.ctx.db.query('select 1 from withdrawals where user_id = $1', [player.userId]);
    expect(rows).toHaveLength(1);
  });
});

describe('operator decisions', () => {
  async function requested(amount = '300') {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    const reply = await withdraw(player.token, { amount, bankCardId });
    return { player, withdrawNo: reply.body.obj.withdrawNo as string };
  }

  it('lists waiting withdrawals with their destination', async () => {
    const { withdrawNo } = await requested();
    const listed = await operator(server, 'withdraw:list', { status: 'WAIT' });
    expect(listed.isOk).toBe(true);
    expect(listed.lines.join('\n')).toContain(`${withdrawNo}`);
    expect(listed.lines.join('\n')).toContain('IFSC HDFC0001234');
    expect((await operator(server, 'withdraw:list', { status: 'MAYBE' })).isOk).toBe(false);
  });

  it('approves once (sandbox pays at once); a second approval or a rejection afterwards is refused', async () => {
    const { player, withdrawNo } = await requested();
    const holdsBefore = await holdsBalance();
    const first = await operator(server, 'withdraw:approve', { id: withdrawNo });
    expect(first).toMatchObject({ isOk: true });
    expect(first.lines[0]).toContain('paid');
    expect(await holdsBalance()).toBe(holdsBefore - 30_000n);
    const second = await operator(server, 'withdraw:approve', { id: withdrawNo });
    expect(second.isOk).toBe(false);
    expect(second.lines[0]).toContain('ORDER_CLOSED');
    expect((await operator(server, 'withdraw:reject', { id: withdrawNo, reason: 'late' })).isOk).toBe(false);
    expect(await cashOf(server, player.userId)).toBe(70_000n);
    const list = await server.call('/cash/findWithdrawList', {}, { token: player.token });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'SUCCESS' });
    expect(list.body.obj.list[0].completeTime).not.toBeNull();
  });

  it('lets exactly one of several racing approvals through', async () => {
    const { withdrawNo } = await requested();
    const results = await Promise.all(Array.from({ length: 8 }, () => operator(server, 'withdraw:approve', { id: withdrawNo })));
    expect(results.filter((result) => result.isOk)).toHaveLength(1);
    expect(await transfersFor(server, 'withdrawal_paid', withdrawNo)).toBe(1);
  });

  it('rejects with a reason the player sees, returning the funds', async () => {
    const { player, withdrawNo } = await requested();
    const rejected = await operator(server, 'withdraw:reject', { id: withdrawNo, reason: 'Name does not match the account' });
    expect(rejected.isOk).toBe(true);
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    const list = await server.call('/cash/findWithdrawList', {}, { token: player.token });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'FAIL', reason: 'Name does not match the account' });
    expect((await operator(server, 'withdraw:approve', { id: withdrawNo })).isOk).toBe(false);
    expect((await operator(server, 'withdraw:reject', { id: withdrawNo })).isOk).toBe(false);
  });

  it('records a USDT payout as paid with the operator’s transaction id', async () => {
    const player = await payingPlayer(server, 200_000n);
    const reply = await withdraw(player.token, { amount: '1500', bankCardId: await addUsdtAccount(server, player.token) });
    const withdrawNo = reply.body.obj.withdrawNo;
    expect((await operator(server, 'withdraw:approve', { id: withdrawNo, txid: 'nothex' })).isOk).toBe(false);
    const txid = 'ab'.repeat(32);
    expect((await operator(server, 'withdraw:approve', { id: withdrawNo, txid })).isOk).toBe(true);
    const [row] = await server.ctx.db.query<{ status: string; payout_reference: string }>(
      'select status, payout_reference from withdrawals where withdraw_no = $1',
      [withdrawNo],
    );
    expect(row).toEqual({ status: 'paid', payout_reference: txid });
  });

  it('keeps the destination a withdrawal was requested for, even if the account is edited later', async () => {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    const reply = await withdraw(player.token, { amount: '300', bankCardId });
    await server.call(
      '/cash/editBankCard',
      { id: bankCardId, kind: 'bank', ...bankCard({ ifscCode: 'SBIN0000001', bankName: 'SBI', bankAccount: '999999999999' }) },
      { token: player.token },
    );
    const [row] = await server.ctx.db.query<{ destination: { bankAccount: string } }>(
      'select destination from withdrawals where withdraw_no = $1',
      [reply.body.obj.withdrawNo],
    );
    expect(row!.destination.bankAccount).toBe('123456789012');
  });
});
