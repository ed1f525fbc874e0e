import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import type { HousePurpose } from './transfer-reasons.ts';
import { HOUSE_SHARD_COUNT, houseShardPurpose, shardedHouseAccountId } from './accounts.ts';
import { MAX_PAYOUT_ROWS, payOut, preparePayouts, type PayoutRow, type Payouts } from './ledger.ts';

// Payouts from rows the caller hands over: in the caller's transaction (crash settlement, the daily
// commission), or prepared by house shard and posted one statement per shard (decision 0016, the
// lottery). On PGlite and, with DATABASE_URL, on PostgreSQL.

let server: TestServer;
const PURPOSE = 'room:payout-test';
beforeAll(async () => {
  server = await startTestServer();
  await openShards(PURPOSE);
});
afterAll(async () => {
  await server.stop();
});

async function openShards(purpose: `room:${string}`) {
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(server.ctx.db, purpose, shard);
}

const cashOf = async (userId: number) =>
  (
    await server.ctx.db.query<{ balance_paise: bigint }>(
      "select balance_paise from ledger_accounts where user_id = $1 and kind = 'cash'",
      [userId],
    )
  )[0]!.balance_paise;

/** Payouts given as rows of (key, user id, amount), each referring to its key. */
function payoutsOf(rows: Array<[string, number, bigint]>, housePurpose: HousePurpose = PURPOSE): Payouts {
  return {
    housePurpose,
    reason: 'payout',
    rows: rows.map(([idempotencyKey, userId, amountPaise]): PayoutRow => ({
      idempotencyKey,
      userId,
      amountPaise,
      reference: `ref:${idempotencyKey}`,
    })),
  };
}

const payInTransaction = (payouts: Payouts) => server.ctx.db.transaction((tx) => payOut({ inTransaction: tx }, payouts));

describe('a payout in the caller’s transaction', () => {
  it("pays each player's cash from that player's own shard of the house purpose, and replays a second time", async () => {
    const players = [await quickPlayer(server), await quickPlayer(server), await quickPlayer(server)];
    const payouts = payoutsOf(players.map((player, index) => [`pq-1-${index}`, player.userId, BigInt(101 + index)]));
    expect(await payInTransaction(payouts)).toEqual({ postedCount: 3, replayedCount: 0 });
    for (const [index, player] of players.entries()) {
      expect(await cashOf(player.userId)).toBe(BigInt(101 + index));
      const shard = await shardedHouseAccountId(server.ctx.db, PURPOSE, player.userId);
      const [transfer] = await server.ctx.db.query<{ debit_account_id: number; reason: string; reference: string }>(
        'select debit_account_id, reason, reference from ledger_transfers where idempotency_key = $1',
        [`pq-1-${index}`],
      );
      expect(transfer).toEqual({ debit_account_id: shard, reason: 'payout', reference: `ref:pq-1-${index}` });
    }
    // A repeated settlement replays: nothing moves twice.
    expect(await payInTransaction(payouts)).toEqual({ postedCount: 0, replayedCount: 3 });
    expect(await cashOf(players[0]!.userId)).toBe(101n);
    await expectLedgerBalanced(server);
  });

  it('throws and pays nobody when a player has no cash account', async () => {
    const paid = await quickPlayer(server);
    const payouts = payoutsOf([
      ['pq-2-a', paid.userId, 500n],
      ['pq-2-b', 987_654_321, 700n],
    ]);
    await expect(payInTransaction(payouts)).rejects.toThrow(
      /1 of 2 payout transfers .*user 987654321: no cash account\); nothing was posted/,
    );
    expect(await cashOf(paid.userId)).toBe(0n);
    expect(await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'pq-2-%'")).toEqual([]);
    await expectLedgerBalanced(server);
  });

  it('throws and pays nobody when the house shard a winner is paid from does not exist', async () => {
    const paid = await quickPlayer(server);
    let unpaid = await quickPlayer(server);
    while ((unpaid.userId - paid.userId) % HOUSE_SHARD_COUNT === 0) unpaid = await quickPlayer(server);
    // Only the first player's shard exists.
    await shardedHouseAccountId(server.ctx.db, 'room:payout-shardless', paid.userId);
    const payouts = payoutsOf(
      [
        ['pq-3-a', paid.userId, 500n],
        ['pq-3-b', unpaid.userId, 700n],
      ],
      'room:payout-shardless',
    );
    await expect(payInTransaction(payouts)).rejects.toThrow(
      `user ${unpaid.userId}: no house account ${houseShardPurpose('room:payout-shardless', unpaid.userId)}); nothing was posted`,
    );
    await expect(preparePayouts(server.ctx.db, payouts)).rejects.toThrow(/no house account/);
    expect(await cashOf(paid.userId)).toBe(0n);
    await expectLedgerBalanced(server);
  });

  it('refuses a row with a non-positive amount, a key twice, or more rows than its limit, before touching the database', async () => {
    const player = await quickPlayer(server);
    await expect(payInTransaction(payoutsOf([['pq-4', player.userId, 0n]]))).rejects.toThrow(/not positive/);
    await expect(
      payInTransaction(
        payoutsOf([
          ['pq-5', player.userId, 5n],
          ['pq-5', player.userId, 5n],
        ]),
      ),
    ).rejects.toThrow(/appears twice/);
    const tooMany = payoutsOf(
      Array.from({ length: MAX_PAYOUT_ROWS + 1 }, (_, i): [string, number, bigint] => [`pq-6-${i}`, player.userId, 1n]),
    );
    await expect(payInTransaction(tooMany)).rejects.toThrow(`payout of ${MAX_PAYOUT_ROWS + 1} rows exceeds ${MAX_PAYOUT_ROWS}`);
    await expect(preparePayouts(server.ctx.db, tooMany)).rejects.toThrow(/exceeds/);
    expect(await cashOf(player.userId)).toBe(0n);
    await expectLedgerBalanced(server);
  });
});

describe('rows as the wallet sends them', () => {
  it('keeps keys and references with quotes, backslashes, commas, braces and spaces as given, and no reference as none', async () => {
    const player = await quickPlayer(server);
    const odd = ['pq-7 "quoted"', 'pq-7 back\\slash', 'pq-7 {a,b}', 'pq-7 NULL', "pq-7 it's"];
    const rows: PayoutRow[] = odd.map((idempotencyKey, index) => ({
      idempotencyKey,
      userId: player.userId,
      amountPaise: BigInt(index + 1),
      reference: index === 0 ? null : `ref ${idempotencyKey}`,
    }));
    for (const posting of ['in transaction', 'by shard'] as const) {
      const payouts: Payouts = { housePurpose: PURPOSE, reason: 'payout', rows };
      const result =
        posting === 'in transaction'
          ? await payInTransaction(payouts)
          : await payOut({ byShard: server.ctx.db, connections: 1 }, await preparePayouts(server.ctx.db, payouts));
      expect(result, posting).toEqual(
        posting === 'in transaction' ? { postedCount: 5, replayedCount: 0 } : { postedCount: 0, replayedCount: 5 },
      );
    }
    const stored = await server.ctx.db.query<{ idempotency_key: string; reference: string | null }>(
      'select idempotency_key, reference from ledger_transfers where idempotency_key = any($1::text[]) order by amount_paise',
      [odd],
    );
    expect(stored).toEqual(rows.map((row) => ({ idempotency_key: row.idempotencyKey, reference: row.reference })));
    expect(await cashOf(player.userId)).toBe(15n);
    await expectLedgerBalanced(server);
  });
});

describe('a payout prepared by house shard', () => {
  it('pays every row once with running balances, replays a second posting, and refuses a key posted with other content', async () => {
    const players = await Promise.all(Array.from({ length: 40 }, () => quickPlayer(server, { cashPaise: 500n })));
    const run = `pp-${Date.now()}`;
    // Every player is paid twice (two winning bets): two entries on one account in one shard statement.
    const rows: Array<[string, number, bigint]> = players.flatMap((p, i): Array<[string, number, bigint]> => [
      [`${run}-a-${i}`, p.userId, BigInt(100 + i)],
      [`${run}-b-${i}`, p.userId, 7n],
    ]);
    const prepared = await preparePayouts(server.ctx.db, payoutsOf(rows));
    expect(prepared.count).toBe(80);
    expect(prepared.shards.length).toBeGreaterThan(1);

    const byShard = { byShard: server.ctx.db, connections: 4 };
    expect(await payOut(byShard, prepared)).toEqual({ postedCount: 80, replayedCount: 0 });
    for (const [i, p] of players.entries()) expect(await cashOf(p.userId)).toBe(500n + BigInt(100 + i) + 7n);
    // Each entry carries its account's balance after it, in transfer order.
    const entries = await server.ctx.db.query<{ amount_paise: bigint; balance_after_paise: bigint }>(
      `select e.amount_paise, e.balance_after_paise from ledger_entries e
       join ledger_transfers t on t.id = e.transfer_id
       where t.idempotency_key = any($1::text[]) and e.account_id = (select id from ledger_accounts where user_id = $2 and kind = 'cash')
       order by e.transfer_id`,
      [rows.map(([k]) => k), players[3]!.userId],
    );
    expect(entries.map((e) => [e.amount_paise, e.balance_after_paise])).toEqual([
      [103n, 603n],
      [7n, 610n],
    ]);

    // The same payouts again (a retry on another node): all replays, nothing moves.
    expect(await payOut(byShard, prepared)).toEqual({ postedCount: 0, replayedCount: 80 });
    expect(await cashOf(players[0]!.userId)).toBe(607n);

    // A key already posted, now with another amount: refused, and its shard posts nothing new.
    const tampered = await preparePayouts(
      server.ctx.db,
      payoutsOf([
        [`${run}-a-0`, players[0]!.userId, 999n],
        [`${run}-c-0`, players[0]!.userId, 5n],
      ]),
    );
    await expect(payOut({ byShard: server.ctx.db, connections: 1 }, tampered)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    // The same in the caller's transaction.
    await expect(
      payInTransaction(
        payoutsOf([
          [`${run}-a-0`, players[0]!.userId, 999n],
          [`${run}-c-0`, players[0]!.userId, 5n],
        ]),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await cashOf(players[0]!.userId)).toBe(607n);
    await expectLedgerBalanced(server);
  });

  it('prepares nothing and pays nothing for no rows', async () => {
    const prepared = await preparePayouts(server.ctx.db, payoutsOf([]));
    expect(prepared).toEqual({ reason: 'payout', count: 0, shards: [] });
    expect(await payOut({ byShard: server.ctx.db, connections: 4 }, prepared)).toEqual({ postedCount: 0, replayedCount: 0 });
    expect(await payInTransaction(payoutsOf([]))).toEqual({ postedCount: 0, replayedCount: 0 });
  });
});
