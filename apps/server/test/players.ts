import type { TestServer } from './test-server.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { openPlayerAccounts, houseAccountId } from '../src/modules/wallet/accounts.ts';
import { postGroup, type TransferInput } from '../src/modules/wallet/ledger.ts';

let sequence = 0;

/** A player inserted directly (no argon2, no codes), with a session token; for tests that need many. */
export async function quickPlayer(server: TestServer, funds: { cashPaise?: bigint; bonusPaise?: bigint } = {}) {
  sequence += 1;
  const suffix = `${process.pid % 1000}${String(sequence).padStart(5, '0')}`.slice(-8);
  const [user] = await server.ctx.db.query<{ id: number }>(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     values ($1, 'not-a-hash', 'Quick', $2, now(), now()) returning id`,
    [`97${suffix}`, `Q${suffix}X`],
  );
  const userId = user!.id;
  const accounts = await openPlayerAccounts(server.ctx.db, userId);
  const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
  const wallets = [
    { kind: 'cash', accountId: accounts.cashAccountId, amountPaise: funds.cashPaise },
    { kind: 'bonus', accountId: accounts.bonusAccountId, amountPaise: funds.bonusPaise },
  ];
  const funding = wallets.flatMap(({ kind, accountId, amountPaise }): TransferInput[] =>
    amountPaise
      ? [
          {
            idempotencyKey: `fund-${kind}-${userId}`,
            debitAccountId: adjustments,
            creditAccountId: accountId,
            amountPaise,
            reason: 'adjustment',
          },
        ]
      : [],
  );
  if (funding.length > 0) await server.ctx.db.transaction((tx) => postGroup(tx, funding));
  const token = await createSession(server.ctx.db, server.ctx.clock, server.ctx.config.sessionTtlMs, userId, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return { userId, token, ...accounts };
}

export type RegisteredPlayer = { token: string; userId: number; code: string };

let registrations = 0;

/**
 * A player registered through the API (code from the outbox, optional recommendation code), from an
 * address of its own since code sends are limited per source; for tests of what registration writes.
 */
export async function registerThroughApi(server: TestServer, invitationCode?: string): Promise<RegisteredPlayer> {
  registrations += 1;
  const mobile = `96${String(process.pid % 1000).padStart(3, '0')}${String(registrations).padStart(5, '0')}`;
  const ip = `10.${(registrations >> 16) & 255}.${(registrations >> 8) & 255}.${registrations & 255}`;
  const sent = await server.call('/smsserver/getCode', { mobile }, { ip });
  if (sent.body.res !== 1) throw new Error(`code for ${mobile} refused: ${sent.body.code}`);
  const code = await server.lastCode(mobile);
  const reply = await server.call(
    '/user/regist',
    {
      mobile,
      password: 'secret-pass-1',
      code,
      ageConfirmed: true,
      riskAccepted: true,
      ...(invitationCode ? { invitationCode } : {}),
    },
    { ip },
  );
  if (reply.body.res !== 1) throw new Error(`registration of ${mobile} refused: ${reply.body.code}`);
  return { token: reply.body.obj.token, userId: reply.body.obj.user.id, code: reply.body.obj.user.promotionCode };
}
