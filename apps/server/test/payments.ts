import { signedHeaders } from '../src/platform/http/hmac-signature.ts';
import { inviteBonusSettings } from '../src/modules/agent/pay-invite-bonus.ts';
import { checkLedger } from '../src/modules/wallet/check-ledger.ts';
import { runOperatorCommand } from '../src/modules/operator-cli/operator-commands.ts';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { gatewayEnv, startFakeGateway, type FakeGateway } from './fake-gateway.ts';
import { serverForFile, startTestServer, type TestServer } from './test-server.ts';
import { quickPlayer } from './players.ts';

// Shared steps of the payment tests.

export const WITHDRAW_PASSWORD = '654321';
/** A TRC-20 address with a valid checksum. */
export const USDT_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** A server for the file's tests, the ledger proven balanced after each test. */
export function serverCheckingLedger(): TestServer {
  const server = serverForFile();
  afterEach(() => expectLedgerBalanced(server));
  return server;
}

/** A funded player with a withdrawal password (hashed for real) and a session. */
export async function payingPlayer(server: TestServer, cashPaise = 0n) {
  const player = await quickPlayer(server, { cashPaise });
  const hash = await server.hasher.hash(WITHDRAW_PASSWORD);
  await server.ctx.db.query('update users set withdraw_password_hash = $2 where id = $1', [player.userId, hash]);
  return player;
}

export function bankCard(overrides: Record<string, unknown> = {}) {
  return {
    actualName: 'Ravi Kumar',
    ifscCode: 'HDFC0001234',
    bankName: 'HDFC Bank',
    bankAccount: '123456789012',
    email: 'ravi@example.in',
    mobile: '9876543210',
    withdrawPassword: WITHDRAW_PASSWORD,
    ...overrides,
  };
}

export async function addBankCard(server: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const reply = await server.call('/cash/addBankCard', bankCard(overrides), { token });
  if (reply.body.res !== 1) throw new Error(`addBankCard refused: ${JSON.stringify(reply.body)}`);
  return reply.body.obj.id;
}

/**
 * A fake gateway on loopback, signing at the server's clock, and a server paying through it, for the
 * file's tests. `gateway()` is the fake gateway once started, for telling it how to answer.
 */
export function serverWithFakeGateway(): { server: TestServer; gateway: () => FakeGateway } {
  const server = {} as TestServer;
  let fake: FakeGateway | undefined;
  beforeAll(async () => {
    let now = () => Date.now();
    fake = await startFakeGateway(() => now());
    Object.assign(server, await startTestServer(gatewayEnv(fake)));
    now = () => server.clock.now().getTime();
  });
  afterAll(async () => {
    await server.stop();
    await fake?.close();
  });
  const gateway = () => {
    if (!fake) throw new Error('the fake gateway starts before the first test');
    return fake;
  };
  return { server, gateway };
}

/** Adds the USDT address as a payout account and returns its id. */
export async function addUsdtAccount(server: TestServer, token: string): Promise<number> {
  const reply = await server.call(
    '/cash/addBankCardNew',
    { usdtAccount: USDT_ADDRESS, withdrawPassword: WITHDRAW_PASSWORD },
    { token },
  );
  if (reply.body.res !== 1) throw new Error(`addBankCardNew refused: ${JSON.stringify(reply.body)}`);
  return reply.body.obj.id;
}

/** Presses Pay or Fail on the sandbox gateway's page at `payUrl`, with the page's own token unless told otherwise. */
export function pressSandboxPage(server: TestServer, payUrl: string, action: 'pay' | 'fail', tokenOverride?: string) {
  const url = new URL(payUrl, 'http://localhost');
  const t = tokenOverride ?? url.searchParams.get('t') ?? '';
  return server.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t, action }).toString(),
  });
}

/** Opens a UPI recharge order and returns its sandbox page. */
export async function openRechargeOrder(server: TestServer, token: string, amount: string): Promise<string> {
  const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj.payUrl;
}

/** Pays a recharge order on its sandbox page: the sandbox's signed callback credits it. */
export async function payOnSandboxPage(server: TestServer, payUrl: string): Promise<void> {
  expect((await pressSandboxPage(server, payUrl, 'pay')).statusCode).toBe(303);
}

/** A UPI recharge of `amount`, opened and paid on the sandbox page. */
export async function rechargeThroughSandbox(server: TestServer, token: string, amount: string): Promise<void> {
  await payOnSandboxPage(server, await openRechargeOrder(server, token, amount));
}

/** Posts a gateway callback signed with `secret` (at the server's clock unless told otherwise). */
export async function postCallback(
  server: TestServer,
  gatewayName: string,
  secret: string,
  body: unknown,
  options: { timestampMs?: number; rawBody?: string; signedBody?: string } = {},
) {
  const rawBody = options.rawBody ?? JSON.stringify(body);
  const headers = signedHeaders(secret, options.timestampMs ?? server.clock.now().getTime(), options.signedBody ?? rawBody);
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/pay/callback/${gatewayName}`,
    headers,
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() as { ok: boolean; outcome?: string; error?: string } };
}

export async function cashOf(server: TestServer, userId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(
    "select balance_paise from ledger_accounts where user_id = $1 and kind = 'cash'",
    [userId],
  );
  return row!.balance_paise;
}

/** How many ledger transfers moved money for `reason` with `reference` (an order or withdrawal number). */
export async function transfersFor(server: TestServer, reason: string, reference: string): Promise<number> {
  const [row] = await server.ctx.db.query<{ count: number }>(
    'select count(*)::int as count from ledger_transfers where reason = $1 and reference = $2',
    [reason, reference],
  );
  return row!.count;
}

export async function expectLedgerBalanced(server: TestServer): Promise<void> {
  const report = await checkLedger(server.ctx.db);
  if (report.violations.length > 0) throw new Error(`ledger:check failed: ${JSON.stringify(report.violations)}`);
}

/** An operator command as `actor` (a second approver is a different actor). */
export function operator(server: TestServer, name: string, args: Record<string, string | undefined>, actor = 'test-operator') {
  return runOperatorCommand(
    {
      db: server.ctx.db,
      clock: server.ctx.clock,
      log: server.ctx.log,
      gateway: server.ctx.gateway,
      inviteBonus: inviteBonusSettings(server.ctx.config),
      actor,
    },
    name,
    args,
  );
}
