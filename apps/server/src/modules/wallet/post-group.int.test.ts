import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { houseAccountId, openPlayerAccounts } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { MAX_GROUP_TRANSFERS, postGroup, type TransferInput } from './ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

// The posting rules of a group (`postGroup`), on a real database: balanced, positive, idempotent, never
// negative, and a group all or nothing.

const server = serverForFile();
let nextUser = 0;

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

const post = (input: TransferInput) => server.ctx.db.transaction(async (tx) => (await postGroup(tx, [input]))[0]);

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

describe('groups of transfers', () => {
  it('moves a group in the order given, a later debit using an earlier credit, and replays it whole', async () => {
    const player = await newPlayer();
    const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
    const fees = await houseAccountId(server.ctx.db, 'fees');
    const group: [TransferInput, TransferInput] = [
      {
        idempotencyKey: 'group-1-credit',
        debitAccountId: adjustments,
        creditAccountId: player.cashAccountId,
        amountPaise: 300n,
        reason: 'adjustment',
      },
      {
        idempotencyKey: 'group-1-fee',
        debitAccountId: player.cashAccountId,
        creditAccountId: fees,
        amountPaise: 200n,
        reason: 'fee',
      },
    ];
    const [credit, fee] = await server.ctx.db.transaction((tx) => postGroup(tx, group));
    expect([credit.isReplay, credit.creditBalanceAfterPaise, fee.debitBalanceAfterPaise]).toEqual([false, 300n, 100n]);
    expect(await balanceOf(player.cashAccountId)).toBe(100n);
    const again = await server.ctx.db.transaction((tx) => postGroup(tx, group));
    expect(again).toEqual([
      { ...credit, isReplay: true },
      { ...fee, isReplay: true },
    ]);
    expect(await balanceOf(player.cashAccountId)).toBe(100n);
    await expectLedgerOk();
  });

  it('refuses the whole group when one player would go negative, and leaves no trace', async () => {
    const [rich, poor] = [await newPlayer(), await newPlayer()];
    const room = await houseAccountId(server.ctx.db, 'room:batch-test');
    await post({
      idempotencyKey: 'group-2-fund',
      debitAccountId: room,
      creditAccountId: rich.cashAccountId,
      amountPaise: 1_000n,
      reason: 'payout',
    });
    const group: TransferInput[] = [
      {
        idempotencyKey: 'group-2-a',
        debitAccountId: rich.cashAccountId,
        creditAccountId: room,
        amountPaise: 500n,
        reason: 'bet',
      },
      { idempotencyKey: 'group-2-b', debitAccountId: poor.cashAccountId, creditAccountId: room, amountPaise: 1n, reason: 'bet' },
    ];
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, group))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(rich.cashAccountId)).toBe(1_000n);
    expect(await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'group-2-_'")).toEqual([]);
    await expectLedgerOk();
  });

  it('refuses a group with a key twice, an empty group and one over its limit, before touching the database', async () => {
    const player = await newPlayer();
    const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
    const credit = (idempotencyKey: string): TransferInput => ({
      idempotencyKey,
      debitAccountId: adjustments,
      creditAccountId: player.cashAccountId,
      amountPaise: 1n,
      reason: 'adjustment',
    });
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, [credit('group-3'), credit('group-3')]))).rejects.toThrow(
      /appears twice/,
    );
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, []))).rejects.toThrow(/at least one/);
    const tooMany = Array.from({ length: MAX_GROUP_TRANSFERS + 1 }, (_, i) => credit(`group-3-${i}`));
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, tooMany))).rejects.toThrow(/exceeds/);
    expect(await balanceOf(player.cashAccountId)).toBe(0n);
  });
});
