import pino from 'pino';
import { inviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_SHARD_COUNT } from '../../wallet/accounts.ts';
import { startFakeTronNode, type FakeTransferInput, type FakeTronNode } from '../../../../test/fake-tron-node.ts';
import { cashOf, expectLedgerBalanced, operator, payingPlayer } from '../../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { deriveDepositAddress, isValidTronAddress } from '../usdt/tron-address.ts';
import { createTronClient, type TronClient } from '../usdt/tron-client.ts';
import { expireStaleOrders, watchUsdtDeposits } from './watch-usdt-deposits.ts';

// USDT (TRC20) recharge end to end: the player opens an order and gets a single-use address, the
// watcher (one pass at a time, against a fake TRON node) credits a confirmed transfer of the
// whitelisted contract exactly once, and operators confirm by hand what the watcher refused.
// The watcher loop does not run under NODE_ENV=test, so each test runs its passes itself.

/** The whitelisted contract: Tether USD on the Nile testnet, so the server must use USDT_CONTRACT, not its mainnet default. */
const USDT_CONTRACT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const OTHER_TOKEN_CONTRACT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const STRANGER_ADDRESS = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC';
const CONFIRMATIONS = 19;
const USDT_PROVIDER = 'usdt-trc20';
const DAY_MS = 24 * 3_600_000;
/** 10.00 USDT at ₹92 per USDT. */
const TEN_USDT_PAISE = 92_000n;

let server: TestServer;
let node: FakeTronNode;
let client: TronClient;
/** The fake chain's head; it only moves forward, so a transfer confirmed once stays confirmed. */
let headBlock = 70_000_000;
const watcherLogLines: Array<{ level: number; msg: string; orderNo?: string; txid?: string; contract?: string }> = [];
const watcherLog = pino({ level: 'info' }, { write: (line: string) => void watcherLogLines.push(JSON.parse(line)) });

beforeAll(async () => {
  node = await startFakeTronNode();
  node.setNowBlock(headBlock);
  client = createTronClient({ baseUrl: node.url, timeoutMs: 5_000 });
  server = await startTestServer({ USDT_CONTRACT, TRON_NODE_URL: node.url, USDT_CONFIRMATIONS: String(CONFIRMATIONS) });
});
afterAll(async () => {
  await server?.stop();
  await node?.close();
});
afterEach(async () => {
  await expectLedgerBalanced(server);
});

type Player = Awaited<ReturnType<typeof payingPlayer>>;
type UsdtOrder = {
  orderNo: string;
  address: string;
  usdtAmount: string;
  amount: string;
  rate: string;
  expiresAtMs: number;
  qrDataUrl: string;
};

function requestUsdtOrder(player: Player, body: Record<string, unknown>) {
  return server.call('/cash/usdtAddressPay', { payType: 40001, ...body }, { token: player.token });
}

async function openUsdtOrder(player: Player, amount = '10.00', requestKey?: string): Promise<UsdtOrder> {
  const reply = await requestUsdtOrder(player, { amount, requestKey });
  if (reply.body.res !== 1) throw new Error(`usdtAddressPay refused: ${JSON.stringify(reply.body)}`);
  return reply.body.obj;
}

async function newOrder(amount = '10.00') {
  const player = await payingPlayer(server);
  return { player, order: await openUsdtOrder(player, amount) };
}

type OrderRow = {
  status: string;
  note: string | null;
  address_index: number;
  usdt_micro: bigint;
  amount_paise: bigint;
  transfer_submitted_at: Date | null;
};

async function orderRow(orderNo: string): Promise<OrderRow> {
  const [row] = await server.ctx.db.query<OrderRow>(
    `select status, note, address_index, usdt_micro, amount_paise, transfer_submitted_at
     from deposit_orders where order_no = $1`,
    [orderNo],
  );
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

async function paymentEvents(orderNo: string) {
  return server.ctx.db.query<{ provider: string; event_id: string; kind: string; outcome: string }>(
    'select provider, event_id, kind, outcome from payment_events where reference = $1 order by id',
    [orderNo],
  );
}

/** The ledger's deposit transfers for an order: who paid whom, how much. */
async function depositTransfers(orderNo: string) {
  return server.ctx.db.query<{ amount_paise: bigint; debit_purpose: string; credit_user_id: number; credit_kind: string }>(
    `select t.amount_paise, debit.purpose as debit_purpose, credit.user_id as credit_user_id, credit.kind as credit_kind
     from ledger_transfers t
     join ledger_accounts debit on debit.id = t.debit_account_id
     join ledger_accounts credit on credit.id = t.credit_account_id
     where t.reason = 'deposit' and t.reference = $1`,
    [orderNo],
  );
}

async function rechargeRecord(player: Player, orderNo: string) {
  const reply = await server.call('/cash/findRechargeList', { pageNum: 1, pageSize: 100 }, { token: player.token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj.list.find((record: { orderNo: string }) => record.orderNo === orderNo);
}

function watchPass() {
  return watchUsdtDeposits(
    server.ctx.db,
    watcherLog,
    client,
    server.ctx.config.payments.usdt,
    server.clock.now().getTime(),
    inviteBonusSettings(server.ctx.config),
  );
}

/** A transfer of the whitelisted contract mined `depth` blocks below the head (confirmed by default). */
function sendUsdt(to: string, valueMicro: bigint, overrides: Partial<FakeTransferInput> & { depth?: number } = {}): string {
  const { depth = CONFIRMATIONS + 1, ...rest } = overrides;
  return node.addTransfer({ contractAddress: USDT_CONTRACT, to, valueMicro, blockNumber: headBlock - depth, ...rest });
}

function advanceChain(blocks: number) {
  headBlock += blocks;
  node.setNowBlock(headBlock);
}

async function expectUncredited(player: Player, orderNo: string) {
  expect(await cashOf(server, player.userId)).toBe(0n);
  expect((await orderRow(orderNo)).status).toBe('pending');
  expect(await depositTransfers(orderNo)).toEqual([]);
}

async function expectCreditedOnce(player: Player, orderNo: string, amountPaise = TEN_USDT_PAISE) {
  expect(await cashOf(server, player.userId)).toBe(amountPaise);
  expect((await orderRow(orderNo)).status).toBe('completed');
  expect(await depositTransfers(orderNo)).toEqual([
    {
      amount_paise: amountPaise,
      debit_purpose: `clearing:${USDT_PROVIDER}#${player.userId % HOUSE_SHARD_COUNT}`,
      credit_user_id: player.userId,
      credit_kind: 'cash',
    },
  ]);
}

describe('opening a USDT order', () => {
  it('tells the rate, limits, network and whitelisted contract', async () => {
    const player = await payingPlayer(server);
    const reply = await server.call('/cash/findUsdtRechargeInfo', {}, { token: player.token });
    expect(reply.body).toMatchObject({
      res: 1,
      obj: {
        isAvailable: true,
        network: 'TRC20',
        rate: '92.00',
        minUsdt: '10.00',
        contractAddress: USDT_CONTRACT,
        confirmations: CONFIRMATIONS,
      },
    });
    expect(reply.body.obj.quickUsdtAmounts[0]).toBe('10.00');
  });

  it('refuses an amount below the minimum and opens nothing', async () => {
    const player = await payingPlayer(server);
    const reply = await requestUsdtOrder(player, { amount: '9.99' });
    expect(reply.body).toMatchObject({ res: 0, code: 'RECHARGE_AMOUNT_INVALID', field: 'amount' });
    const rows = await server.ctx.db.query('select 1 from deposit_orders where user_id = $1', [player.userId]);
    expect(rows).toHaveLength(0);
  });

  it('refuses any payType but 40001 (TRC20)', async () => {
    const player = await payingPlayer(server);
    for (const payType of [40002, 1, '4000', 'trc20']) {
      const reply = await requestUsdtOrder(player, { amount: '10.00', payType });
      expect(reply.body, `payType ${payType}`).toMatchObject({ res: 0, code: 'RECHARGE_METHOD_INVALID' });
    }
    const missing = await server.call('/cash/usdtAddressPay', { amount: '10.00' }, { token: player.token });
    expect(missing.body).toMatchObject({ res: 0, code: 'RECHARGE_METHOD_INVALID' });
    const asText = await requestUsdtOrder(player, { amount: '10.00', payType: '40001' });
    expect(asText.body.res).toBe(1);
  });

  it('gives the address at its index of the operator xpub, an SVG QR code and the rupee amount at the rate', async () => {
    const player = await payingPlayer(server);
    const order = await openUsdtOrder(player, '10.50');
    const row = await orderRow(order.orderNo);
    expect(order.address).toBe(deriveDepositAddress(server.ctx.config.payments.usdt.xpub!, row.address_index));
    expect(isValidTronAddress(order.address)).toBe(true);
    expect(order).toMatchObject({ usdtAmount: '10.50', amount: '966.00', rate: '92.00', network: 'TRC20' });
    expect(order.expiresAtMs).toBe(server.clock.now().getTime() + 60 * 60_000);
    expect(row.usdt_micro).toBe(10_500_000n);
    expect(row.amount_paise).toBe(96_600n);
    expect(row.status).toBe('pending');
    const prefix = 'data:image/svg+xml;base64,';
    expect(order.qrDataUrl.startsWith(prefix)).toBe(true);
    const svg = Buffer.from(order.qrDataUrl.slice(prefix.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });

  it('never gives two orders the same address, whoever opens them', async () => {
    const first = await payingPlayer(server);
    const second = await payingPlayer(server);
    const orders: UsdtOrder[] = [];
    for (const player of [first, second, first, first, second]) orders.push(await openUsdtOrder(player));
    const indexes = await Promise.all(orders.map(async (order) => (await orderRow(order.orderNo)).address_index));
    expect(new Set(orders.map((order) => order.address)).size).toBe(5);
    expect(indexes).toEqual([0, 1, 2, 3, 4].map((step) => indexes[0]! + step));
    for (const [position, order] of orders.entries()) {
      expect(order.address).toBe(deriveDepositAddress(server.ctx.config.payments.usdt.xpub!, indexes[position]!));
    }
  });

  it('never gives the same address to orders opened at the same moment', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => payingPlayer(server)));
    const orders = await Promise.all(players.map((player) => openUsdtOrder(player)));
    const indexes = await Promise.all(orders.map(async (order) => (await orderRow(order.orderNo)).address_index));
    expect(new Set(orders.map((order) => order.address)).size).toBe(5);
    expect(new Set(indexes).size).toBe(5);
  });

  it('answers a retried request (same requestKey) with the same order, and refuses the key with another amount', async () => {
    const player = await payingPlayer(server);
    const first = await openUsdtOrder(player, '25.00', 'usdt-retry-0001');
    const retried = await openUsdtOrder(player, '25.00', 'usdt-retry-0001');
    expect(retried.orderNo).toBe(first.orderNo);
    expect(retried.address).toBe(first.address);
    const conflicting = await requestUsdtOrder(player, { amount: '26.00', requestKey: 'usdt-retry-0001' });
    expect(conflicting.body).toMatchObject({ res: 0, code: 'IDEMPOTENCY_CONFLICT' });
    const rows = await server.ctx.db.query('select 1 from deposit_orders where user_id = $1', [player.userId]);
    expect(rows).toHaveLength(1);
  });

  it('opens one order for the same requestKey sent five times at once', async () => {
    const player = await payingPlayer(server);
    const orders = await Promise.all(Array.from({ length: 5 }, () => openUsdtOrder(player, '30.00', 'usdt-burst-0001')));
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(1);
    expect(new Set(orders.map((order) => order.address)).size).toBe(1);
    const rows = await server.ctx.db.query('select 1 from deposit_orders where user_id = $1', [player.userId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses the same requestKey sent at once with another amount', async () => {
    const player = await payingPlayer(server);
    const amounts = ['10.00', '20.00'];
    const replies = await Promise.all(
      amounts.map((amount) => requestUsdtOrder(player, { amount, requestKey: 'usdt-race-0001' })),
    );
    const outcomes = replies.map((reply) => (reply.body.res === 1 ? `opened ${reply.body.obj.usdtAmount}` : reply.body.code));
    // Whichever request wins, the other asked for another amount: it must be refused, never answered with the winner's order.
    expect([
      ['opened 10.00', 'IDEMPOTENCY_CONFLICT'],
      ['IDEMPOTENCY_CONFLICT', 'opened 20.00'],
    ]).toContainEqual(outcomes);
    const rows = await server.ctx.db.query('select 1 from deposit_orders where user_id = $1', [player.userId]);
    expect(rows).toHaveLength(1);
  });
});

describe('Transfer Finish', () => {
  it('marks the player’s own order as sent; the record shows it and the order keeps waiting', async () => {
    const { player, order } = await newOrder();
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({ status: 'WAIT', isTransferSubmitted: false });
    const reply = await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: player.token });
    expect(reply.body).toMatchObject({ res: 1, obj: { orderNo: order.orderNo, status: 'WAIT' } });
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({
      method: 'usdt',
      usdtAmount: '10.00',
      amount: '920.00',
      status: 'WAIT',
      isTransferSubmitted: true,
      completeTime: null,
    });
    // Pressing it again is harmless.
    const again = await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: player.token });
    expect(again.body.res).toBe(1);
    expect(await cashOf(server, player.userId)).toBe(0n);
  });

  it('answers ORDER_NOT_FOUND for another player’s order and changes nothing', async () => {
    const { player: owner, order } = await newOrder();
    const intruder = await payingPlayer(server);
    const reply = await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: intruder.token });
    expect(reply.body).toMatchObject({ res: 0, code: 'ORDER_NOT_FOUND' });
    expect((await orderRow(order.orderNo)).transfer_submitted_at).toBeNull();
    expect(await rechargeRecord(owner, order.orderNo)).toMatchObject({ status: 'WAIT', isTransferSubmitted: false });
  });

  it('answers ORDER_NOT_FOUND for an unknown order and for a bank/UPI order', async () => {
    const player = await payingPlayer(server);
    const unknown = await server.call('/cash/usdtTransferFinish', { orderNo: 'R20261121120000000000' }, { token: player.token });
    expect(unknown.body).toMatchObject({ res: 0, code: 'ORDER_NOT_FOUND' });
    const upi = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
    expect(upi.body.res).toBe(1);
    const reply = await server.call('/cash/usdtTransferFinish', { orderNo: upi.body.obj.orderNo }, { token: player.token });
    expect(reply.body).toMatchObject({ res: 0, code: 'ORDER_NOT_FOUND' });
  });

  it('answers ORDER_CLOSED for a completed order', async () => {
    const { player, order } = await newOrder();
    expect((await operator(server, 'deposit:confirm', { order: order.orderNo })).isOk).toBe(true);
    const reply = await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: player.token });
    expect(reply.body).toMatchObject({ res: 0, code: 'ORDER_CLOSED' });
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({ status: 'COMPLETED' });
  });

  it('leaves a completed order unmarked when Transfer Finish is refused', async () => {
    const { player, order } = await newOrder();
    expect((await operator(server, 'deposit:confirm', { order: order.orderNo })).isOk).toBe(true);
    const reply = await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: player.token });
    expect(reply.body).toMatchObject({ res: 0, code: 'ORDER_CLOSED' });
    // A refused request changes nothing: the record must not claim that a completed order awaits verification.
    expect((await orderRow(order.orderNo)).transfer_submitted_at).toBeNull();
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({ status: 'COMPLETED', isTransferSubmitted: false });
  });
});

describe('the USDT watcher', () => {
  it('credits a confirmed transfer of the whitelisted contract, for the exact amount, once', async () => {
    const { player, order } = await newOrder();
    const txid = sendUsdt(order.address, 10_000_000n);
    await watchPass();
    await expectCreditedOnce(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([
      { provider: USDT_PROVIDER, event_id: `trc20:${txid}`, kind: 'deposit', outcome: 'credited' },
    ]);
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({ status: 'COMPLETED', amount: '920.00' });
    expect((await rechargeRecord(player, order.orderNo)).completeTime).not.toBeNull();
    // The node was asked for this address's incoming transfers of the whitelisted contract.
    const asked = node.requests.filter((path) => path.startsWith(`/v1/accounts/${order.address}/transactions/trc20?`));
    expect(asked.length).toBeGreaterThan(0);
    expect(new URLSearchParams(asked[0]!.split('?')[1]).get('contract_address')).toBe(USDT_CONTRACT);
    // A completed order is no longer watched.
    const requestsBefore = node.requests.length;
    await watchPass();
    expect(node.requests.slice(requestsBefore).some((path) => path.includes(order.address))).toBe(false);
    await expectCreditedOnce(player, order.orderNo);
  });

  it('ignores (and logs) a transfer of another token to the order’s address', async () => {
    const { player, order } = await newOrder();
    const txid = sendUsdt(order.address, 10_000_000n, { contractAddress: OTHER_TOKEN_CONTRACT });
    await watchPass();
    await watchPass();
    await expectUncredited(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([]);
    const warnings = watcherLogLines.filter((line) => line.orderNo === order.orderNo && line.txid === txid);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      msg: 'USDT watcher: transfer of another token ignored',
      contract: OTHER_TOKEN_CONTRACT,
    });
  });

  it('waits for 19 confirmations and credits on the first pass after them', async () => {
    const { player, order } = await newOrder();
    advanceChain(1_000);
    const txid = sendUsdt(order.address, 10_000_000n, { depth: 0 });
    await watchPass();
    await expectUncredited(player, order.orderNo);
    advanceChain(CONFIRMATIONS - 1);
    await watchPass();
    await expectUncredited(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([]);
    advanceChain(1);
    await watchPass();
    await expectCreditedOnce(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([
      { provider: USDT_PROVIDER, event_id: `trc20:${txid}`, kind: 'deposit', outcome: 'credited' },
    ]);
  });

  it('credits a transfer seen by three passes in a row once', async () => {
    const { player, order } = await newOrder();
    sendUsdt(order.address, 10_000_000n);
    for (let pass = 0; pass < 3; pass += 1) await watchPass();
    await expectCreditedOnce(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toHaveLength(1);
  });

  it('credits a transfer seen by five passes at the same moment once', async () => {
    const { player, order } = await newOrder();
    sendUsdt(order.address, 10_000_000n);
    const passes = await Promise.all(Array.from({ length: 5 }, () => watchPass()));
    expect(passes.reduce((total, pass) => total + pass.credited, 0)).toBe(1);
    await expectCreditedOnce(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([expect.objectContaining({ outcome: 'credited' })]);
  });

  it('does not credit a short payment; an operator confirms it once, for the order’s amount', async () => {
    const { player, order } = await newOrder('10.00');
    const txid = sendUsdt(order.address, 9_990_000n);
    await watchPass();
    await watchPass();
    await expectUncredited(player, order.orderNo);
    expect((await orderRow(order.orderNo)).note).toBe(`amount_mismatch (event trc20:${txid})`);
    expect(await paymentEvents(order.orderNo)).toEqual([
      { provider: USDT_PROVIDER, event_id: `trc20:${txid}`, kind: 'deposit', outcome: 'amount_mismatch' },
    ]);
    const listed = await operator(server, 'deposit:list', { status: 'WAIT' });
    expect(listed.lines.find((line) => line.includes(order.orderNo))).toContain(`amount_mismatch (event trc20:${txid})`);

    const confirmed = await operator(server, 'deposit:confirm', { order: order.orderNo });
    expect(confirmed).toEqual({ isOk: true, lines: [`order ${order.orderNo} confirmed and credited`] });
    await expectCreditedOnce(player, order.orderNo);
    expect((await orderRow(order.orderNo)).note).toBeNull();

    const again = await operator(server, 'deposit:confirm', { order: order.orderNo });
    expect(again.isOk).toBe(false);
    expect(again.lines[0]).toMatch(/already confirmed/);
    await expectCreditedOnce(player, order.orderNo);
    expect((await paymentEvents(order.orderNo)).map((event) => [event.event_id, event.outcome])).toEqual([
      [`trc20:${txid}`, 'amount_mismatch'],
      [`operator:${order.orderNo}`, 'credited'],
    ]);
  });

  it('does not credit a reverted transaction', async () => {
    const { player, order } = await newOrder();
    sendUsdt(order.address, 10_000_000n, { isSuccess: false, depth: 500 });
    await watchPass();
    await expectUncredited(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([]);
  });

  it('does not credit a transfer to another address that the node lists under the order’s', async () => {
    const { player, order } = await newOrder();
    sendUsdt(STRANGER_ADDRESS, 10_000_000n, { listedUnder: order.address });
    const listed = await client.listIncomingTrc20(order.address, USDT_CONTRACT);
    expect(listed.map((transfer) => transfer.to)).toEqual([STRANGER_ADDRESS]);
    await watchPass();
    await expectUncredited(player, order.orderNo);
    expect(await paymentEvents(order.orderNo)).toEqual([]);
  });

  it('does not credit another order’s transfer to the wrong order', async () => {
    const { player: payer, order: paid } = await newOrder();
    const { player: bystander, order: unpaid } = await newOrder();
    sendUsdt(paid.address, 10_000_000n);
    await watchPass();
    await expectCreditedOnce(payer, paid.orderNo);
    await expectUncredited(bystander, unpaid.orderNo);
  });
});

describe('operator commands', () => {
  it('deposit:list --status WAIT lists the open USDT order with its address', async () => {
    const { player, order } = await newOrder();
    await server.call('/cash/usdtTransferFinish', { orderNo: order.orderNo }, { token: player.token });
    const waiting = await operator(server, 'deposit:list', { status: 'WAIT' });
    expect(waiting.isOk).toBe(true);
    const line = waiting.lines.find((candidate) => candidate.includes(order.orderNo));
    expect(line).toContain(`player ${player.userId} usdt ₹920.00 pending USDT 10.00 to ${order.address}`);
    expect(line).toContain('[player pressed Transfer Finish]');
    const completed = await operator(server, 'deposit:list', { status: 'COMPLETED' });
    expect(completed.lines.some((candidate) => candidate.includes(order.orderNo))).toBe(false);
    expect((await operator(server, 'deposit:list', { status: 'SOON' })).isOk).toBe(false);
  });

  it('deposit:confirm refuses a bank/UPI order: the gateway’s callback confirms those', async () => {
    const player = await payingPlayer(server);
    const reply = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
    expect(reply.body.res).toBe(1);
    const orderNo: string = reply.body.obj.orderNo;
    const refused = await operator(server, 'deposit:confirm', { order: orderNo });
    expect(refused.isOk).toBe(false);
    expect(refused.lines[0]).toMatch(/is a upi order: only USDT orders are confirmed by hand/);
    expect((await orderRow(orderNo)).status).toBe('pending');
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await paymentEvents(orderNo)).toEqual([]);
  });

  it('deposit:confirm refuses an order the watcher already credited: no second credit', async () => {
    const { player, order } = await newOrder();
    sendUsdt(order.address, 10_000_000n);
    await watchPass();
    await expectCreditedOnce(player, order.orderNo);
    const refused = await operator(server, 'deposit:confirm', { order: order.orderNo });
    expect(refused.isOk).toBe(false);
    expect(refused.lines[0]).toMatch(/not credited: already completed/);
    await expectCreditedOnce(player, order.orderNo);
  });

  it('deposit:confirm refuses an unknown or malformed order number', async () => {
    const unknown = await operator(server, 'deposit:confirm', { order: 'R20261121120000000000' });
    expect(unknown.isOk).toBe(false);
    expect(unknown.lines[0]).toMatch(/no recharge order R20261121120000000000/);
    expect((await operator(server, 'deposit:confirm', { order: 'R123' })).isOk).toBe(false);
    expect((await operator(server, 'deposit:confirm', {})).isOk).toBe(false);
  });
});

describe('stale orders', () => {
  /** Moves an order's expiry back in time, as if it had been opened long ago. */
  async function expireAgo(orderNo: string, agoMs: number) {
    await server.ctx.db.query('update deposit_orders set expires_at = $2 where order_no = $1', [
      orderNo,
      new Date(server.clock.now().getTime() - agoMs),
    ]);
  }

  it('closes a USDT order a day after it expired, and keeps a fresh one and one within the day open', async () => {
    const stale = await newOrder();
    const recent = await newOrder();
    const fresh = await newOrder();
    await expireAgo(stale.order.orderNo, DAY_MS + 60_000);
    await expireAgo(recent.order.orderNo, DAY_MS - 60_000);
    expect(await expireStaleOrders(server.ctx.db, server.clock.now().getTime())).toBeGreaterThanOrEqual(1);
    expect(await orderRow(stale.order.orderNo)).toMatchObject({ status: 'failed', note: 'expired unpaid' });
    expect(await rechargeRecord(stale.player, stale.order.orderNo)).toMatchObject({ status: 'FAIL' });
    expect((await orderRow(recent.order.orderNo)).status).toBe('pending');
    expect((await orderRow(fresh.order.orderNo)).status).toBe('pending');
    // A transfer within the day after expiry is still money: the watcher credits it.
    sendUsdt(recent.order.address, 10_000_000n);
    await watchPass();
    await expectCreditedOnce(recent.player, recent.order.orderNo);
  });

  it('credits a paid transfer confirmed by an operator after the order was closed (a late success beats a failure)', async () => {
    const { player, order } = await newOrder();
    await expireAgo(order.orderNo, DAY_MS + 60_000);
    await expireStaleOrders(server.ctx.db, server.clock.now().getTime());
    expect((await orderRow(order.orderNo)).status).toBe('failed');
    // The watcher no longer looks at a closed order; the operator checks the chain and confirms it.
    sendUsdt(order.address, 10_000_000n);
    await watchPass();
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect((await orderRow(order.orderNo)).status).toBe('failed');

    const confirmed = await operator(server, 'deposit:confirm', { order: order.orderNo });
    expect(confirmed.isOk).toBe(true);
    await expectCreditedOnce(player, order.orderNo);
    expect(await rechargeRecord(player, order.orderNo)).toMatchObject({ status: 'COMPLETED' });
    expect(await paymentEvents(order.orderNo)).toEqual([
      { provider: USDT_PROVIDER, event_id: `operator:${order.orderNo}`, kind: 'deposit', outcome: 'credited' },
    ]);
  });
});
