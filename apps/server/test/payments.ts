import { signedHeaders } from '../src/platform/http/hmac-signature.ts';
import { inviteBonusSettings } from '../src/modules/agent/pay-invite-bonus.ts';
import { checkLedger } from '../src/modules/wallet/check-ledger.ts';
import { runOperatorCommand } from '../src/modules/operator-cli/operator-commands.ts';
import type { TestServer } from './test-server.ts';
import { quickPlayer } from './players.ts';

// Shared steps of the payment tests.

export const WITHDRAW_PASSWORD = '654321';

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
