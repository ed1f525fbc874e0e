import { describe, expect, it } from 'vitest';
import {
  addBankCard,
  bankCard,
  cashOf,
  payingPlayer,
  serverCheckingLedger,
  USDT_ADDRESS,
  WITHDRAW_PASSWORD,
} from '../../../../test/payments.ts';

const server = serverCheckingLedger();

// The same address with one character changed: the right shape, a failing checksum.
const USDT_TYPO = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh';

describe('bank cards and UPI accounts', () => {
  it('adds, lists (newest first), edits and removes the player’s own accounts', async () => {
    const player = await payingPlayer(server);
    const first = await server.call('/cash/addBankCard', bankCard({ ifscCode: 'hdfc 0001234', bankAccount: '1234 5678 9012' }), {
      token: player.token,
      form: true,
    });
    expect(first.body).toMatchObject({ res: 1, obj: { kind: 'bank', ifscCode: 'HDFC0001234', bankAccount: '123456789012' } });
    const upi = await server.call(
      '/cash/addBankCard',
      {
        kind: 'upi',
        actualName: 'Ravi Kumar',
        upiAccount: 'Ravi.K@okaxis',
        email: 'ravi@example.in',
        mobile: '9876543210',
        withdrawPassword: WITHDRAW_PASSWORD,
      },
      { token: player.token },
    );
    expect(upi.body.obj).toMatchObject({ kind: 'upi', upiAccount: 'ravi.k@okaxis', ifscCode: null });
    const list = await server.call('/cash/findBankCard', { group: 'bank' }, { token: player.token });
    expect(list.body.obj.list.map((account: { id: number }) => account.id)).toEqual([upi.body.obj.id, first.body.obj.id]);

    const edited = await server.call(
      '/cash/editBankCard',
      { id: upi.body.obj.id, ...bankCard({ bankName: 'Axis Bank', ifscCode: 'UTIB0000001' }), kind: 'bank' },
      { token: player.token },
    );
    expect(edited.body.obj).toMatchObject({ id: upi.body.obj.id, kind: 'bank', bankName: 'Axis Bank', upiAccount: null });

    const removed = await server.call(
      '/cash/delBankCard',
      { id: first.body.obj.id, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(removed.body).toMatchObject({ res: 1, obj: null });
    const after = await server.call('/cash/findBankCard', {}, { token: player.token });
    expect(after.body.obj.list.map((account: { id: number }) => account.id)).toEqual([upi.body.obj.id]);
  });

  it('refuses each missing or malformed field with the spec message, in form order, and stores nothing', async () => {
    const player = await payingPlayer(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ actualName: '' }, 'ACTUAL_NAME_REQUIRED', 'Please input Actual Name'],
      [{ ifscCode: '' }, 'IFSC_REQUIRED', 'Please input IFSC Code'],
      [{ ifscCode: 'HDFC1234567' }, 'IFSC_INVALID', 'Please check IFSC Code (4 letters, 0, then 6 letters or digits)'],
      [{ bankName: ' ' }, 'BANK_NAME_REQUIRED', 'Please input Bank Name'],
      [{ bankAccount: '12ab' }, 'BANK_ACCOUNT_INVALID', 'Please check Bank Account (9 to 18 digits)'],
      [{ upiAccount: 'not-a-upi' }, 'UPI_ACCOUNT_INVALID', 'Please check UPI Account (name@bank)'],
      [{ email: '' }, 'EMAIL_REQUIRED', 'Email is required'],
      [{ mobile: '12345' }, 'MOBILE_INVALID', 'Please check mobile number'],
      [{ withdrawPassword: '' }, 'WITHDRAW_PASSWORD_REQUIRED', 'Withdrawal password is required'],
      [{ withdrawPassword: '000000' }, 'WITHDRAW_PASSWORD_WRONG', 'check your password!'],
      [{ kind: 'upi', upiAccount: '' }, 'UPI_ACCOUNT_REQUIRED', 'Please input UPI Account'],
      [{ kind: 'paypal' }, 'INVALID_FIELD', 'Please check the form'],
    ];
    for (const [overrides, code, message] of cases) {
      const reply = await server.call('/cash/addBankCard', bankCard(overrides), { token: player.token });
      expect(reply.body, JSON.stringify(overrides)).toMatchObject({ res: 0, code, resMsg: message });
    }
    const list = await server.call('/cash/findBankCard', {}, { token: player.token });
    expect(list.body.obj.list).toEqual([]);
  });

  it('refuses a duplicate destination and a sixth account', async () => {
    const player = await payingPlayer(server);
    await addBankCard(server, player.token, { bankAccount: '100000000001' });
    const duplicate = await server.call('/cash/addBankCard', bankCard({ bankAccount: '100000000001' }), { token: player.token });
    expect(duplicate.body.code).toBe('PAYOUT_ACCOUNT_EXISTS');
    for (let i = 2; i <= 5; i++) await addBankCard(server, player.token, { bankAccount: `10000000000${i}` });
    const sixth = await server.call('/cash/addBankCard', bankCard({ bankAccount: '100000000006' }), { token: player.token });
    expect(sixth.body.code).toBe('PAYOUT_ACCOUNT_LIMIT');
    // USDT addresses are counted apart from bank cards.
    const usdt = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: USDT_ADDRESS, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(usdt.body.res).toBe(1);
  });

  it('bounds withdrawal-password checks per player (each one costs an argon2 verification)', async () => {
    const player = await payingPlayer(server);
    const id = await addBankCard(server, player.token);
    const edit = () => server.call('/cash/editBankCard', { id, ...bankCard(), kind: 'bank' }, { token: player.token });
    // The add above was the first check; 59 more edits are allowed, the next one is not.
    for (let check = 2; check <= 60; check++) expect((await edit()).body.res).toBe(1);
    expect((await edit()).body.code).toBe('RATE_LIMITED');
  });

  it('counts parallel withdrawal-password tries before verifying them: the right one sent after 40 wrong ones is refused', async () => {
    const player = await payingPlayer(server);
    const tries = [
      ...Array.from({ length: 40 }, (_, i) =>
        bankCard({ bankAccount: `2000000000${String(i).padStart(2, '0')}`, withdrawPassword: `wrong-${i}` }),
      ),
      bankCard({ bankAccount: '200000000099' }),
    ];
    const replies = await Promise.all(tries.map((body) => server.call('/cash/addBankCard', body, { token: player.token })));
    const codes = replies.map((reply) => reply.body.code ?? 'OK');
    // Five tries in the window are verified; every later one is refused unchecked, the right password included.
    expect(codes.filter((code) => code !== 'WITHDRAW_PASSWORD_THROTTLED')).toEqual(Array(5).fill('WITHDRAW_PASSWORD_WRONG'));
    expect(codes.at(-1)).toBe('WITHDRAW_PASSWORD_THROTTLED');
    const list = await server.call('/cash/findBankCard', {}, { token: player.token });
    expect(list.body.obj.list).toEqual([]);
    expect((await server.call('/cash/addBankCard', bankCard(), { token: player.token })).body.code).toBe(
      'WITHDRAW_PASSWORD_THROTTLED',
    );
  });

  it('needs a withdrawal password to be set before any account is added', async () => {
    const player = await payingPlayer(server);
    await server.ctx.db.query('update users set withdraw_password_hash = null where id = $1', [player.userId]);
    const reply = await server.call('/cash/addBankCard', bankCard(), { token: player.token });
    expect(reply.body.code).toBe('WITHDRAW_PASSWORD_NOT_SET');
  });
});

describe('USDT accounts', () => {
  it('accepts a TRC20 address with a valid checksum and refuses a typo or another shape', async () => {
    const player = await payingPlayer(server);
    const typo = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: USDT_TYPO, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(typo.body).toMatchObject({ res: 0, code: 'USDT_ADDRESS_INVALID' });
    const ethereum = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: '0x52908400098527886E0F7030069857D2E4169EE7', withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(ethereum.body.code).toBe('USDT_ADDRESS_INVALID');
    const empty = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: '', withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(empty.body).toMatchObject({ code: 'USDT_ACCOUNT_REQUIRED', resMsg: 'Please input USDT Account' });
    const good = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: ` ${USDT_ADDRESS} `, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(good.body.obj).toMatchObject({ kind: 'usdt', usdtAccount: USDT_ADDRESS });
    const bankList = await server.call('/cash/findBankCard', { group: 'bank' }, { token: player.token });
    expect(bankList.body.obj.list).toEqual([]);
    const usdtList = await server.call('/cash/findBankCard', { group: 'usdt' }, { token: player.token });
    expect(usdtList.body.obj.list).toHaveLength(1);
    // A USDT account stays a USDT account.
    const asBank = await server.call(
      '/cash/editBankCard',
      { id: good.body.obj.id, ...bankCard(), kind: 'bank' },
      { token: player.token },
    );
    expect(asBank.body.code).toBe('PAYOUT_ACCOUNT_NOT_FOUND');
  });
});

describe('a player only ever sees and changes their own accounts and orders (IDOR)', () => {
  it('answers another player’s ids exactly like ids that do not exist, and changes nothing', async () => {
    const owner = await payingPlayer(server, 100_000n);
    const intruder = await payingPlayer(server, 100_000n);
    const cardId = await addBankCard(server, owner.token);
    const usdt = await server.call(
      '/cash/addBankCardNew',
      { usdtAccount: USDT_ADDRESS, withdrawPassword: WITHDRAW_PASSWORD },
      { token: owner.token },
    );
    const usdtId = usdt.body.obj.id;
    const withdrawal = await server.call(
      '/cash/withdrawNew',
      { amount: '300', bankCardId: cardId, withdrawPassword: WITHDRAW_PASSWORD },
      { token: owner.token },
    );
    const order = await server.call('/cash/usdtAddressPay', { amount: '10', payType: 40001 }, { token: owner.token });
    const recharge = await server.call('/cash/payNew', { amount: '200', method: 'upi' }, { token: owner.token });
    expect([withdrawal.body.res, order.body.res, recharge.body.res]).toEqual([1, 1, 1]);
    const before = await server.call('/cash/findBankCard', {}, { token: owner.token });

    const attempts: Array<[string, Record<string, unknown>, string]> = [
      [
        '/cash/editBankCard',
        { id: cardId, ...bankCard({ bankAccount: '555555555555' }), kind: 'bank' },
        'PAYOUT_ACCOUNT_NOT_FOUND',
      ],
      [
        '/cash/editBankCard',
        { id: usdtId, kind: 'usdt', usdtAccount: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', withdrawPassword: WITHDRAW_PASSWORD },
        'PAYOUT_ACCOUNT_NOT_FOUND',
      ],
      ['/cash/delBankCard', { id: cardId, withdrawPassword: WITHDRAW_PASSWORD }, 'PAYOUT_ACCOUNT_NOT_FOUND'],
      ['/cash/delBankCard', { id: usdtId, withdrawPassword: WITHDRAW_PASSWORD }, 'PAYOUT_ACCOUNT_NOT_FOUND'],
      [
        '/cash/withdrawNew',
        { amount: '300', bankCardId: cardId, withdrawPassword: WITHDRAW_PASSWORD },
        'PAYOUT_ACCOUNT_NOT_FOUND',
      ],
      [
        '/cash/withdrawNew',
        { amount: '1100', bankCardId: usdtId, withdrawPassword: WITHDRAW_PASSWORD },
        'PAYOUT_ACCOUNT_NOT_FOUND',
      ],
      ['/cash/usdtTransferFinish', { orderNo: order.body.obj.orderNo }, 'ORDER_NOT_FOUND'],
      ['/cash/usdtTransferFinish', { orderNo: recharge.body.obj.orderNo }, 'ORDER_NOT_FOUND'],
    ];
    for (const [path, body, code] of attempts) {
      const asIntruder = await server.call(path, body, { token: intruder.token });
      expect(asIntruder.body, `${path} ${JSON.stringify(body)}`).toMatchObject({ res: 0, code });
      // The same request for an id that never existed gets the very same answer.
      const missing = {
        ...body,
        ...('id' in body ? { id: 999_999 } : {}),
        ...('bankCardId' in body ? { bankCardId: 999_999 } : {}),
        ...('orderNo' in body ? { orderNo: 'R20990101000000000000' } : {}),
      };
      const asNobody = await server.call(path, missing, { token: intruder.token });
      expect(asNobody.body).toEqual(asIntruder.body);
    }
    for (const path of ['/cash/findBankCard', '/cash/findRechargeList', '/cash/findWithdrawList']) {
      const reply = await server.call(path, {}, { token: intruder.token });
      expect(reply.body.obj, path).toMatchObject({ list: [], total: 0 });
    }
    // Nothing of the owner's changed.
    const after = await server.call('/cash/findBankCard', {}, { token: owner.token });
    expect(after.body.obj).toEqual(before.body.obj);
    expect(await cashOf(server, owner.userId)).toBe(70_000n);
    expect(await cashOf(server, intruder.userId)).toBe(100_000n);
    const [transferFinished] = await server.ctx.db.query<{ transfer_submitted_at: Date | null }>(
      'select transfer_submitted_at from deposit_orders where order_no = $1',
      [order.body.obj.orderNo],
    );
    expect(transferFinished!.transfer_submitted_at).toBeNull();
  });

  it('refuses every payment endpoint without a session', async () => {
    const paths = [
      '/cash/addBankCard',
      '/cash/addBankCardNew',
      '/cash/editBankCard',
      '/cash/findBankCard',
      '/cash/delBankCard',
      '/cash/findRechargeInfo',
      '/cash/payNew',
      '/cash/findUsdtRechargeInfo',
      '/cash/usdtAddressPay',
      '/cash/usdtTransferFinish',
      '/cash/findRechargeList',
      '/cash/findWithdrawInfo',
      '/cash/withdrawNew',
      '/cash/findWithdrawList',
    ];
    for (const path of paths) {
      const reply = await server.call(path, {});
      expect(reply.status, path).toBe(401);
      expect(reply.body).toMatchObject({ res: 401, resMsg: 'The certification has expired' });
    }
  });
});
