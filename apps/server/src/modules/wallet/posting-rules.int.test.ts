import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { HOUSE_SHARD_COUNT, houseAccountId, houseShardPurpose, openPlayerAccounts, shardedHouseAccountId } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { postTransfer, type TransferInput } from './post-transfer.ts';
import { postPayoutsFromQuery, postTransfers } from './post-transfers.ts';

// The posting rules, on a real database: balanced, positive, idempotent, never negative.

let server: TestServer;
let nextUser = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function newPlayer() {
  nextUser += 1;
  const [user] = await server.ctx.db.query<{ id: number }>(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     values ($1, 'x', 'Posting', $2, now(), now()) returning id`,
    [`98${String(nextUser).padStart(8, '0')}`, `POST${String(nextUser).padStart(4, '0')}`],
  );
  return openPlayerAccounts(server.ctx.db, user!.id);
}

async function balanceOf(accountId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>('select balance_paise from ledger_accounts where id = $1', [
    accountId,
  ]);
  return row!.balance_paise;
}

const post = (input: TransferInput) => server.ctx.db.transaction((tx) => postTransfer(tx, input));

async function expectLedgerOk() {
  const report = await checkLedger(server.ctx.db);
  expect(report.violations).toEqual([]);
  expect(report.totalBalancePaise).toBe(0n);
}

describe('single transfers', () => {
  it('moves exactly the amount and records both entries with balances after', async () => {
    const player = await newPlayer();
    const promotions = await houseAccountId(server.ctx.db, 'promotions');
    const posted = await post({
      idempotencyKey: 'rules-1',
      debitAccountId: promotions,
      creditAccountId: player.cashAccountId,
      amountPaise: 12_345n,
      reason: 'gift',
    });
    expect(posted.isReplay).toBe(false);
    expect(posted.creditBalanceAfterPaise).toBe(12_345n);
    expect(await balanceOf(player.cashAccountId)).toBe(12_345n);
    const entries = await server.ctx.db.query<{ account_id: number; amount_paise: bigint; balance_after_paise: bigint }>(
      'select account_id, amount_paise, balance_after_paise from ledger_entries where transfer_id = $1 order by amount_paise',
      [posted.id],
    );
    expect(entries).toEqual([
      { account_id: promotions, amount_paise: -12_345n, balance_after_paise: posted.debitBalanceAfterPaise },
      { account_id: player.cashAccountId, amount_paise: 12_345n, balance_after_paise: 12_345n },
    ]);
    await expectLedgerOk();
  });

  it('replays a repeated key without moving money, and refuses the key with other content', async () => {
    const player = await newPlayer();
    const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
    const input: TransferInput = {
      idempotencyKey: 'rules-2',
      debitAccountId: adjustments,
      creditAccountId: player.cashAccountId,
      amountPaise: 500n,
      reason: 'adjustment',
    };
    const first = await post(input);
    const again = await post(input);
    expect(again).toMatchObject({ id: first.id, isReplay: true, creditBalanceAfterPaise: 500n });
    expect(await balanceOf(player.cashAccountId)).toBe(500n);
    await expect(post({ ...input, amountPaise: 501n })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    await expect(post({ ...input, reason: 'gift' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await balanceOf(player.cashAccountId)).toBe(500n);
  });

  it('refuses to overdraw a player account and leaves no trace', async () => {
    const player = await newPlayer();
    const fees = await houseAccountId(server.ctx.db, 'fees');
    await post({
      idempotencyKey: 'rules-3a',
      debitAccountId: fees,
      creditAccountId: player.bonusAccountId,
      amountPaise: 100n,
      reason: 'gift',
    });
    const overdraw = post({
      idempotencyKey: 'rules-3b',
      debitAccountId: player.bonusAccountId,
      creditAccountId: player.cashAccountId,
      amountPaise: 101n,
      reason: 'bonus_exchange',
    });
    await expect(overdraw).rejects.toMatchObject({ code: 'INSUFFICIENT_BONUS' });
    const cashOverdraw = post({
      idempotencyKey: 'rules-3c',
      debitAccountId: player.cashAccountId,
      creditAccountId: fees,
      amountPaise: 1n,
      reason: 'fee',
    });
    await expect(cashOverdraw).rejects.toBeInstanceOf(AppError);
    await expect(cashOverdraw).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const traces = await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key in ('rules-3b', 'rules-3c')");
    expect(traces).toEqual([]);
    expect(await balanceOf(player.bonusAccountId)).toBe(100n);
    await expectLedgerOk();
  });

  it('rejects non-positive amounts and self-transfers before touching the database', async () => {
    const player = await newPlayer();
    for (const amountPaise of [0n, -1n]) {
      await expect(
        post({
          idempotencyKey: `rules-4-${amountPaise}`,
          debitAccountId: player.cashAccountId,
          creditAccountId: player.bonusAccountId,
          amountPaise,
          reason: 'adjustment',
        }),
      ).rejects.toThrow(/positive/);
    }
    await expect(
      post({
        idempotencyKey: 'rules-4-self',
        debitAccountId: player.cashAccountId,
        creditAccountId: player.cashAccountId,
        amountPaise: 1n,
        reason: 'adjustment',
      }),
    ).rejects.toThrow(/differ/);
  });

  it('keeps the CHECK constraint as the backstop and the ledger rows immutable', async () => {
    const player = await newPlayer();
    await expect(
      server.ctx.db.query('update ledger_accounts set balance_paise = -1 where id = $1', [player.cashAccountId]),
    ).rejects.toThrow(/ledger_accounts_player_not_negative/);
    await expect(server.ctx.db.query('delete from ledger_transfers')).rejects.toThrow(/immutable/);
    await expect(server.ctx.db.query('update ledger_entries set amount_paise = 1')).rejects.toThrow(/immutable/);
  });

  it('holds every invariant over random sequences of transfers', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const house = await houseAccountId(server.ctx.db, 'room:property-test');
    const accounts = [house, ...players.flatMap((player) => [player.cashAccountId, player.bonusAccountId])];
    let counter = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: accounts.length - 1 }),
            to: fc.integer({ min: 0, max: accounts.length - 1 }),
            amount: fc.bigInt({ min: 1n, max: 50_000n }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        async (moves) => {
          for (const move of moves) {
            if (move.from === move.to) continue;
            counter += 1;
            const before = await balanceOf(accounts[move.from]!);
            const input: TransferInput = {
              idempotencyKey: `prop-${counter}`,
              debitAccountId: accounts[move.from]!,
              creditAccountId: accounts[move.to]!,
              amountPaise: move.amount,
              reason: 'adjustment',
            };
            const isHouse = move.from === 0;
            if (isHouse || before >= move.amount) {
              await post(input);
              expect((await post(input)).isReplay).toBe(true);
            } else {
              await expect(post(input)).rejects.toMatchObject({ code: expect.stringMatching(/^INSUFFICIENT_/) });
            }
          }
          const report = await checkLedger(server.ctx.db);
          expect(report.violations).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('batch transfers', () => {
  it('posts thousands of transfers atomically with running balances', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer()));
    const room = await houseAccountId(server.ctx.db, 'room:batch-test');
    const transfers: TransferInput[] = [];
    for (let i = 0; i < 2_000; i++) {
      transfers.push({
        idempotencyKey: `batch-a-${i}`,
        debitAccountId: room,
        creditAccountId: players[i % 20]!.cashAccountId,
        amountPaise: BigInt(100 + i),
        reason: 'payout',
        reference: 'round:1',
      });
    }
    const result = await server.ctx.db.transaction((tx) => postTransfers(tx, transfers));
    expect(result).toEqual({ postedCount: 2_000, replayedCount: 0 });
    let expected = 0n;
    for (let i = 0; i < 2_000; i += 20) expected += BigInt(100 + i);
    expect(await balanceOf(players[0]!.cashAccountId)).toBe(expected);
    const last = await server.ctx.db.query<{ balance_after_paise: bigint }>(
      'select balance_after_paise from ledger_entries where account_id = $1 order by transfer_id desc limit 1',
      [players[0]!.cashAccountId],
    );
    expect(last[0]!.balance_after_paise).toBe(expected);
    await expectLedgerOk();

    const replay = await server.ctx.db.transaction((tx) => postTransfers(tx, transfers));
    expect(replay).toEqual({ postedCount: 0, replayedCount: 2_000 });
    expect(await balanceOf(players[0]!.cashAccountId)).toBe(expected);
  });

  it('refuses the whole batch when one player would go negative', async () => {
    const [rich, poor] = [await newPlayer(), await newPlayer()];
    const room = await houseAccountId(server.ctx.db, 'room:batch-test');
    await post({
      idempotencyKey: 'batch-b-fund',
      debitAccountId: room,
      creditAccountId: rich.cashAccountId,
      amountPaise: 1_000n,
      reason: 'payout',
    });
    const batch: TransferInput[] = [
      {
        idempotencyKey: 'batch-b-1',
        debitAccountId: rich.cashAccountId,
        creditAccountId: room,
        amountPaise: 500n,
        reason: 'bet',
      },
      { idempotencyKey: 'batch-b-2', debitAccountId: poor.cashAccountId, creditAccountId: room, amountPaise: 1n, reason: 'bet' },
    ];
    await expect(server.ctx.db.transaction((tx) => postTransfers(tx, batch))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await balanceOf(rich.cashAccountId)).toBe(1_000n);
    expect(await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'batch-b-_'")).toEqual([]);
    await expectLedgerOk();
  });

  it('refuses a replayed key carrying different content', async () => {
    const player = await newPlayer();
    const room = await houseAccountId(server.ctx.db, 'room:batch-test');
    const first: TransferInput = {
      idempotencyKey: 'batch-c-1',
      debitAccountId: room,
      creditAccountId: player.cashAccountId,
      amountPaise: 10n,
      reason: 'payout',
    };
    await server.ctx.db.transaction((tx) => postTransfers(tx, [first]));
    await expect(server.ctx.db.transaction((tx) => postTransfers(tx, [{ ...first, amountPaise: 11n }]))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });
});

describe('payouts from a query over the caller’s own tables', () => {
  // A stand-in for a game's table: the wallet is given only keys, user ids, amounts and references.
  async function wins(rows: Array<[string, number, bigint]>) {
    await server.ctx.db.query('create table if not exists test_wins (key text primary key, user_id integer, win bigint)');
    await server.ctx.db.query('truncate test_wins');
    for (const [key, userId, win] of rows)
      await server.ctx.db.query('insert into test_wins values ($1, $2, $3)', [key, userId, win.toString()]);
  }
  const payFrom = (housePurpose: `room:${string}`, reason: 'payout' | 'refund' = 'payout') =>
    server.ctx.db.transaction((tx) =>
      postPayoutsFromQuery(tx, {
        housePurpose,
        reason,
        selectSql: "select key, user_id, win, 'ref:' || key from test_wins where win <> $1::bigint",
        params: ['-1'],
      }),
    );
  async function playerWithId() {
    const accounts = await newPlayer();
    const [row] = await server.ctx.db.query<{ user_id: number }>('select user_id from ledger_accounts where id = $1', [
      accounts.cashAccountId,
    ]);
    return { ...accounts, userId: row!.user_id };
  }
  const openShards = async (purpose: `room:${string}`) => {
    for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(server.ctx.db, purpose, shard);
  };

  it("pays each player's cash from that player's own shard of the house purpose", async () => {
    await openShards('room:payout-test');
    const players = [await playerWithId(), await playerWithId(), await playerWithId()];
    await wins(players.map((player, index) => [`pq-1-${index}`, player.userId, BigInt(101 + index)]));
    expect(await payFrom('room:payout-test')).toEqual({ postedCount: 3, replayedCount: 0 });
    for (const [index, player] of players.entries()) {
      expect(await balanceOf(player.cashAccountId)).toBe(BigInt(101 + index));
      const shard = await shardedHouseAccountId(server.ctx.db, 'room:payout-test', player.userId);
      const [transfer] = await server.ctx.db.query<{ debit_account_id: number; reason: string; reference: string }>(
        'select debit_account_id, reason, reference from ledger_transfers where idempotency_key = $1',
        [`pq-1-${index}`],
      );
      expect(transfer).toEqual({ debit_account_id: shard, reason: 'payout', reference: `ref:pq-1-${index}` });
    }
    // A repeated settlement replays: nothing moves twice.
    expect(await payFrom('room:payout-test')).toEqual({ postedCount: 0, replayedCount: 3 });
    expect(await balanceOf(players[0]!.cashAccountId)).toBe(101n);
    await expectLedgerOk();
  });

  it('throws and pays nobody when a selected player has no cash account', async () => {
    await openShards('room:payout-test');
    const paid = await playerWithId();
    await wins([
      ['pq-2-a', paid.userId, 500n],
      ['pq-2-b', 987_654_321, 700n],
    ]);
    await expect(payFrom('room:payout-test')).rejects.toThrow(
      /1 of 2 payout transfers .*user 987654321: no cash account\); nothing was posted/,
    );
    expect(await balanceOf(paid.cashAccountId)).toBe(0n);
    expect(await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'pq-2-%'")).toEqual([]);
    await expectLedgerOk();
  });

  it('throws and pays nobody when the house shard a winner is paid from does not exist', async () => {
    const paid = await playerWithId();
    const unpaid = await playerWithId();
    // Only the first player's shard exists.
    await shardedHouseAccountId(server.ctx.db, 'room:payout-shardless', paid.userId);
    expect((unpaid.userId - paid.userId) % HOUSE_SHARD_COUNT).not.toBe(0);
    await wins([
      ['pq-3-a', paid.userId, 500n],
      ['pq-3-b', unpaid.userId, 700n],
    ]);
    await expect(payFrom('room:payout-shardless')).rejects.toThrow(
      `user ${unpaid.userId}: no house account ${houseShardPurpose('room:payout-shardless', unpaid.userId)}); nothing was posted`,
    );
    expect(await balanceOf(paid.cashAccountId)).toBe(0n);
    await expectLedgerOk();
  });

  it('refuses a selection with a non-positive amount or a repeated key', async () => {
    await openShards('room:payout-test');
    const player = await playerWithId();
    await wins([['pq-4', player.userId, 0n]]);
    await expect(payFrom('room:payout-test')).rejects.toThrow(/not positive/);
    await expect(
      server.ctx.db.transaction((tx) =>
        postPayoutsFromQuery(tx, {
          housePurpose: 'room:payout-test',
          reason: 'refund',
          selectSql: `select 'pq-5', $1::int, 5::bigint, null::text union all select 'pq-5', $1::int, 5::bigint, null::text`,
          params: [player.userId],
        }),
      ),
    ).rejects.toThrow();
    expect(await balanceOf(player.cashAccountId)).toBe(0n);
    await expectLedgerOk();
  });
});
