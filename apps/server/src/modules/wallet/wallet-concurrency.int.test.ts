import { formatMoney } from '@mayur/rules/money';
import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { openHouseShards, payOutInOwnTransaction } from '../../../test/ledger-payouts.ts';
import { operator } from '../../../test/payments.ts';
import { houseAccountId } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { postGroup } from './ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

// Races, on the real PostgreSQL in CI (DATABASE_URL) and on PGlite otherwise. After each, the ledger
// must prove itself: not a paisa created or destroyed.

const server = serverForFile();

async function expectLedgerOk() {
  const report = await checkLedger(server.ctx.db);
  expect(report.violations).toEqual([]);
}

describe('concurrent abuse', () => {
  it('lets exactly the affordable share of 200 concurrent debits through, to the paisa', async () => {
    // ₹73.00 of bonus and 200 parallel exchanges of ₹1.00: exactly 73 succeed.
    const player = await quickPlayer(server, { bonusPaise: 7_300n });
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        server.call('/user/exchangeBonus', { bonus: '1.00', requestKey: `race-${i}-abcdef` }, { token: player.token }),
      ),
    );
    const succeeded = replies.filter((reply) => reply.body.res === 1);
    const refused = replies.filter((reply) => reply.body.code === 'INSUFFICIENT_BONUS');
    expect(succeeded).toHaveLength(73);
    expect(refused).toHaveLength(127);
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    const balance = await server.call('/user/balance', {}, { token: player.token });
    expect(balance.body.obj).toEqual({ balance: '73.00', bonus: '0.00' });
    await expectLedgerOk();
  });

  it('credits exactly one of 50 players racing for a one-use gift code', async () => {
    const created = await operator(server, 'gift:create', { amount: '50', uses: '1' }, 'test');
    const code = created.lines.at(-1)!;
    const players = await Promise.all(Array.from({ length: 50 }, () => quickPlayer(server)));
    const replies = await Promise.all(
      players.map((player) => server.call('/cash/redeemGift', { code }, { token: player.token })),
    );
    expect(replies.filter((reply) => reply.body.res === 1)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'GIFT_USED_UP')).toHaveLength(49);
    const [gift] = await server.ctx.db.query<{ used_count: number }>('select used_count from gift_codes where code = $1', [code]);
    expect(gift!.used_count).toBe(1);
    const credited = await server.ctx.db.query("select 1 from ledger_transfers where reason = 'gift' and reference = $1", [
      `gift:${code}`,
    ]);
    expect(credited).toHaveLength(1);
    await expectLedgerOk();
  });

  it('pays a set of winners once when the same payouts are posted by 6 settlements in parallel', async () => {
    await openHouseShards(server, 'room:race');
    const players = await Promise.all(Array.from({ length: 20 }, () => quickPlayer(server)));
    const ids = players.map((player) => player.userId);
    const settle = () =>
      payOutInOwnTransaction(server, {
        housePurpose: 'room:race',
        reason: 'payout',
        rows: ids.map((u) => ({
          idempotencyKey: `race-win:${u}`,
          userId: u,
          amountPaise: BigInt(100 + (u % 7)),
          reference: 'race',
        })),
      });
    const results = await Promise.all(Array.from({ length: 6 }, settle));
    expect(results.map((result) => result.postedCount).sort((a, b) => b - a)).toEqual([20, 0, 0, 0, 0, 0]);
    for (const player of players) {
      const balance = (await server.call('/user/balance', {}, { token: player.token })).body.obj.balance;
      expect(balance).toBe(formatMoney(BigInt(100 + (player.userId % 7))));
    }
    await expectLedgerOk();
  });

  it('posts a transfer once when the same idempotency key arrives 30 times in parallel', async () => {
    const player = await quickPlayer(server);
    const promotions = await houseAccountId(server.ctx.db, 'promotions');
    const input = {
      idempotencyKey: 'parallel-key-1',
      debitAccountId: promotions,
      creditAccountId: player.cashAccountId,
      amountPaise: 1_234n,
      reason: 'gift' as const,
    };
    const results = await Promise.all(
      Array.from({ length: 30 }, async () => (await server.ctx.db.transaction((tx) => postGroup(tx, [input])))[0]),
    );
    expect(results.filter((result) => !result.isReplay)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('12.34');
    await expectLedgerOk();
  });

  it('exchanges bonus once when a client retries the same request key in parallel', async () => {
    const player = await quickPlayer(server, { bonusPaise: 10_000n });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('/user/exchangeBonus', { bonus: 30, requestKey: 'retry-key-12345' }, { token: player.token }),
      ),
    );
    expect(replies.every((reply) => reply.body.res === 1)).toBe(true);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj).toEqual({
      balance: '30.00',
      bonus: '70.00',
    });
    await expectLedgerOk();
  });
});
