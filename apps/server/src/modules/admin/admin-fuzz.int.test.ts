import { adminEndpoints, type AdminEndpointPath } from '@mayur/contracts/admin';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingPlayer } from '../../../test/payments.ts';
import { sandboxDepositCallback } from '../../../test/console-deposits.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { lastAuditId, signedInOperator, type SignedInOperator } from '../../../test/admin-operators.ts';

// Every endpoint of the admin contract map, as an owner (who may call them all), gets bodies whose
// fields carry what jsonb refuses (lone surrogates, NUL), 7,000-deep arrays, huge and wrong-typed
// values, and unknown fields beside valid ones. Never a 500; every change answered with success has
// exactly one audit row, written in its own transaction ('ok'); every refusal has its row.

let server: TestServer;
let owner: SignedInOperator;
let playerId = 0;
let heldOrderNo = '';

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInOperator(server, 'owner');
  playerId = (await quickPlayer(server, { cashPaise: 100_000n })).userId;
  heldOrderNo = await heldRecharge();
});
afterAll(async () => server.stop());

/** A recharge paid while its player is self-excluded: held, for /deposits/return to return once. */
async function heldRecharge(): Promise<string> {
  const payer = await payingPlayer(server);
  const order = await server.call('/cash/payNew', { amount: '300', method: 'upi' }, { token: payer.token });
  await server.call('/protection/startExclusion', { duration: '6m' }, { token: payer.token });
  const orderNo: string = order.body.obj.orderNo;
  const paid = await sandboxDepositCallback(server, orderNo, 'paid', '300.00', `fuzz-${orderNo}`);
  expect(paid.body.outcome).toBe('held');
  return orderNo;
}

/** Signing out would end the session the fuzz runs on: its audit row is tested on its own. */
const paths = (Object.keys(adminEndpoints) as AdminEndpointPath[]).filter((path) => path !== '/auth/signOut');

/** Bodies that pass validation, so that junk beside them reaches the handler and its audit row. */
function validBase(path: AdminEndpointPath): Record<string, string> {
  const bases: Partial<Record<AdminEndpointPath, Record<string, unknown>>> = {
    '/giftCodes/create': { amount: '1', uses: 1 },
    '/deposits/return': { orderNo: heldOrderNo },
    '/players/freeze': { playerId, reason: 'fuzz' },
    '/players/unfreeze': { playerId },
    '/players/logoutEverywhere': { playerId },
    '/players/page': { playerId },
    '/players/search': { query: '1' },
    '/adjustments/request': { playerId, amount: '0.01', reason: 'fuzz' },
    '/content/notices/save': { locale: 'hi', title: 'Fuzz', message: 'A notice', isPublished: false },
    '/content/supportContacts/save': { locale: 'fr', kind: 'telegram', value: '@mayurhelp' },
  };
  return Object.fromEntries(Object.entries(bases[path] ?? {}).map(([key, value]) => [key, JSON.stringify(value)]));
}

/** JSON texts, written by hand: JSON.stringify cannot hold a 7,000-deep array, and escapes are what a client sends. */
const junkValueText = fc.oneof(
  fc.constantFrom(
    '"\\ud800"',
    '"tail \\udfff"',
    '"a\\u0000b"',
    `${'['.repeat(7000)}1${']'.repeat(7000)}`,
    `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    `"${'x'.repeat(9000)}"`,
    '1e309',
    '-1',
    '0',
    'null',
    'true',
    '[]',
    '{}',
    '"<script>"',
    '"; drop table operators; --"',
  ),
  fc.string({ maxLength: 30 }).map((text) => JSON.stringify(text)),
  fc.integer().map(String),
);

function bodyText(path: AdminEndpointPath) {
  const shape = adminEndpoints[path].request as { shape?: Record<string, unknown> };
  const known = Object.keys(shape.shape ?? {});
  const keys = fc.constantFrom(...known, 'note', 'extra', '__proto__', 'balance', 'operatorId', 'userId');
  return fc.dictionary(keys, junkValueText, { maxKeys: 3 }).map((junk) => {
    const fields = { ...validBase(path), ...junk };
    return `{${Object.entries(fields)
      .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
      .join(',')}}`;
  });
}

function withNote(path: AdminEndpointPath): string {
  const fields = { ...validBase(path), note: '"\\ud800"' };
  return `{${Object.entries(fields)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
    .join(',')}}`;
}

async function auditRowsSince(sinceId: bigint) {
  return server.ctx.db.query<{ outcome: string }>('select outcome from admin_audit_log where id > $1 order by id', [sinceId]);
}

describe('the admin API under hostile input', () => {
  it.each(paths)('%s: never a 500, and a row for every change and every refusal', async (path) => {
    let changes = 0;
    await fc.assert(
      fc.asyncProperty(bodyText(path), async (payload) => {
        const since = await lastAuditId(server);
        const response = await server.app.inject({
          method: 'POST',
          url: `/admin-api${path}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
          payload,
          remoteAddress: '127.0.0.1',
        });
        expect(response.statusCode, `${path} ${payload.slice(0, 200)}`).not.toBe(500);
        if (response.statusCode === 413 || response.statusCode === 400) return;
        const body = response.json();
        const rows = await auditRowsSince(since);
        if (body.res === 1) {
          const kind = adminEndpoints[path].audit;
          expect(
            rows.map((row) => row.outcome),
            path,
          ).toEqual(kind === 'refusals' ? [] : ['ok']);
          if (kind === 'change') changes += 1;
        } else if (body.res === 0 && path !== '/auth/signIn' && path !== '/auth/confirmEnrolment') {
          // A sign-in about nobody is written once per source per hour; every other refusal has its row.
          expect(
            rows.map((row) => row.outcome.split(' ')[0]),
            path,
          ).toEqual([`refused:${body.code}`]);
        }
      }),
      // The valid body with an unknown field carrying a lone surrogate, always among the cases.
      { numRuns: 12, examples: [[withNote(path)]] },
    );
    if (Object.keys(validBase(path)).length > 0 && adminEndpoints[path].audit === 'change')
      expect(changes, path).toBeGreaterThan(0);
  });
});
