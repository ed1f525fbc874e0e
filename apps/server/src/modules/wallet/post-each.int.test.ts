import { describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { houseAccountId } from './accounts.ts';
import {
  isKeyRace,
  MAX_EACH_TRANSFER_BATCH,
  MAX_KEY_RACE_ATTEMPTS,
  postEach,
  postGroup,
  type TransferInput,
  type TransferOutcome,
} from './ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

// The ledger's batch (`postEach`), in which each transfer or group succeeds or fails on its own (the
// group commits of bets, cash-outs and a studio's calls), on PGlite and, with DATABASE_URL, on
// PostgreSQL where the races are real.

const server = serverForFile();

let sequence = 0;
const key = (name: string) => `each-${name}-${(sequence += 1)}`;

async function balanceOf(accountId: number): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>('select balance_paise from ledger_accounts where id = $1', [
    accountId,
  ]);
  return row!.balance_paise;
}

/** One gift key from two house accounts to two new players: at most one of the two can be posted. */
async function giftsContestingOneKey(name: string) {
  const [one, two] = [await quickPlayer(server), await quickPlayer(server)];
  const gift = { idempotencyKey: key(name), amountPaise: 100n, reason: 'gift' } as const;
  const variants: TransferInput[] = [
    { ...gift, debitAccountId: await houseAccountId(server.ctx.db, 'promotions'), creditAccountId: one.cashAccountId },
    { ...gift, debitAccountId: await houseAccountId(server.ctx.db, 'adjustments'), creditAccountId: two.cashAccountId },
  ];
  return { one, two, variants };
}

/**
 * Of attempts alternating between the two variants of a contested key, exactly one posted it: every
 * attempt at its variant posted or replayed, every attempt at the other was refused as a conflict.
 */
function expectOneVariantWon(outcomes: TransferOutcome[], attemptsPerVariant: number) {
  const winners = outcomes.flatMap((o, i) => (o.isPosted && !o.transfer.isReplay ? [i % 2] : []));
  expect(winners).toHaveLength(1);
  const winner = winners[0]!;
  expect(outcomes.filter((o, i) => i % 2 === winner && o.isPosted)).toHaveLength(attemptsPerVariant);
  expect(outcomes.filter((o, i) => i % 2 !== winner && !o.isPosted && o.code === 'IDEMPOTENCY_CONFLICT')).toHaveLength(
    attemptsPerVariant,
  );
}

async function transfersWithKeys(keys: string[]): Promise<string[]> {
  const rows = await server.ctx.db.query<{ idempotency_key: string }>(
    'select idempotency_key from ledger_transfers where idempotency_key = any($1::text[]) order by id',
    [keys],
  );
  return rows.map((row) => row.idempotency_key);
}

describe('postEach, transfer by transfer', () => {
  it('decides each transfer on its own, in order, and moves money only for the accepted ones', async () => {
    const player = await quickPlayer(server, { cashPaise: 100n, bonusPaise: 50n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const earlier: TransferInput = {
      idempotencyKey: key('earlier'),
      debitAccountId: house,
      creditAccountId: player.cashAccountId,
      amountPaise: 5n,
      reason: 'adjustment',
    };
    const [posted] = await server.ctx.db.transaction((tx) => postGroup(tx, [earlier]));
    const bet = (name: string, amountPaise: bigint): TransferInput => ({
      idempotencyKey: key(name),
      debitAccountId: player.cashAccountId,
      creditAccountId: house,
      amountPaise,
      reason: 'bet',
      reference: name,
    });
    const first = bet('first', 60n);
    const tooLarge = bet('too-large', 60n);
    const credit: TransferInput = { ...bet('credit', 30n), debitAccountId: house, creditAccountId: player.cashAccountId };
    const afterCredit = bet('after-credit', 60n);
    const bonusTooLarge: TransferInput = { ...bet('bonus-large', 80n), debitAccountId: player.bonusAccountId };
    const bonusExchange: TransferInput = {
      ...bet('bonus', 50n),
      debitAccountId: player.bonusAccountId,
      creditAccountId: player.cashAccountId,
      reason: 'bonus_exchange',
    };
    const batch = [
      first,
      tooLarge,
      credit,
      afterCredit,
      { ...first },
      { ...first, amountPaise: 61n },
      bonusTooLarge,
      bonusExchange,
      { ...earlier },
      { ...earlier, amountPaise: 6n },
    ];
    const outcomes = await server.ctx.db.transaction((tx) => postEach(tx, batch));

    // 105 → 45 → (refused) → 75 → 15 → … → 65 after the bonus exchange.
    expect(outcomes.map((o) => (o.isPosted ? (o.transfer.isReplay ? 'replay' : 'posted') : o.code))).toEqual([
      'posted',
      'INSUFFICIENT_BALANCE',
      'posted',
      'posted',
      'replay',
      'IDEMPOTENCY_CONFLICT',
      'INSUFFICIENT_BONUS',
      'posted',
      'replay',
      'IDEMPOTENCY_CONFLICT',
    ]);
    const transferOf = (index: number) => {
      const outcome = outcomes[index]!;
      if (!outcome.isPosted) throw new Error(`outcome ${index} was refused`);
      return outcome.transfer;
    };
    expect(transferOf(0).debitBalanceAfterPaise).toBe(45n);
    expect(transferOf(2).creditBalanceAfterPaise).toBe(75n);
    expect(transferOf(3).debitBalanceAfterPaise).toBe(15n);
    expect(transferOf(4)).toEqual({ ...transferOf(0), isReplay: true });
    expect(transferOf(7)).toMatchObject({ debitBalanceAfterPaise: 0n, creditBalanceAfterPaise: 65n });
    expect(transferOf(8)).toEqual({ ...posted, isReplay: true });

    expect(await balanceOf(player.cashAccountId)).toBe(65n);
    expect(await balanceOf(player.bonusAccountId)).toBe(0n);
    expect(await transfersWithKeys(batch.map((t) => t.idempotencyKey))).toEqual([
      earlier.idempotencyKey,
      first.idempotencyKey,
      credit.idempotencyKey,
      afterCredit.idempotencyKey,
      bonusExchange.idempotencyKey,
    ]);
    // Entries carry the running balances, in the batch's order.
    const entries = await server.ctx.db.query<{ balance_after_paise: bigint }>(
      'select balance_after_paise from ledger_entries where account_id = $1 order by transfer_id',
      [player.cashAccountId],
    );
    expect(entries.map((entry) => entry.balance_after_paise)).toEqual([100n, 105n, 45n, 75n, 15n, 65n]);
    await expectLedgerBalanced(server);
  });

  it('lets a refused key be tried again later in the same batch once the balance allows', async () => {
    const player = await quickPlayer(server, { cashPaise: 10n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const debit: TransferInput = {
      idempotencyKey: key('retry'),
      debitAccountId: player.cashAccountId,
      creditAccountId: house,
      amountPaise: 20n,
      reason: 'bet',
    };
    const credit: TransferInput = {
      ...debit,
      idempotencyKey: key('top-up'),
      debitAccountId: house,
      creditAccountId: player.cashAccountId,
    };
    const outcomes = await server.ctx.db.transaction((tx) => postEach(tx, [debit, credit, debit]));
    expect(outcomes.map((o) => (o.isPosted ? o.transfer.isReplay : o.code))).toEqual(['INSUFFICIENT_BALANCE', false, false]);
    expect(await balanceOf(player.cashAccountId)).toBe(10n);
    await expectLedgerBalanced(server);
  });

  it('never deadlocks nor overdraws with parallel batches over the same and crossing accounts', async () => {
    const first = await quickPlayer(server, { cashPaise: 1_000n });
    const second = await quickPlayer(server, { cashPaise: 1_000n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const fees = await houseAccountId(server.ctx.db, 'fees');
    const [a, b] = [first.cashAccountId, second.cashAccountId];
    const move = (debitAccountId: number, creditAccountId: number, amountPaise: bigint): TransferInput => ({
      idempotencyKey: key('cross'),
      debitAccountId,
      creditAccountId,
      amountPaise,
      reason: 'adjustment',
    });
    const before = (await balanceOf(a)) + (await balanceOf(b)) + (await balanceOf(house)) + (await balanceOf(fees));
    const batches = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? [move(a, b, 70n), move(b, house, 90n), move(house, a, 40n), move(a, fees, 30n)]
        : [move(b, a, 80n), move(a, house, 60n), move(fees, b, 20n), move(b, fees, 50n)],
    );
    const results = await Promise.all(batches.map((batch) => server.ctx.db.transaction((tx) => postEach(tx, batch))));
    const outcomes = results.flat();
    const refusedCodes = new Set(outcomes.flatMap((o) => (o.isPosted ? [] : [o.code])));
    expect([...refusedCodes].every((code) => code === 'INSUFFICIENT_BALANCE')).toBe(true);
    // Players were drained: some debits must have been refused, and none may have gone below zero.
    expect(outcomes.filter((o) => !o.isPosted).length).toBeGreaterThan(0);
    expect(await balanceOf(a)).toBeGreaterThanOrEqual(0n);
    expect(await balanceOf(b)).toBeGreaterThanOrEqual(0n);
    const after = (await balanceOf(a)) + (await balanceOf(b)) + (await balanceOf(house)) + (await balanceOf(fees));
    expect(after).toBe(before);
    const postedKeys = batches.flat().filter((_, index) => outcomes[index]!.isPosted);
    expect((await transfersWithKeys(postedKeys.map((t) => t.idempotencyKey))).length).toBe(postedKeys.length);
    await expectLedgerBalanced(server);
  });

  it('pays once when 50 parallel batches carry the same key', async () => {
    const player = await quickPlayer(server);
    const promotions = await houseAccountId(server.ctx.db, 'promotions');
    const payout: TransferInput = {
      idempotencyKey: key('once'),
      debitAccountId: promotions,
      creditAccountId: player.cashAccountId,
      amountPaise: 1_234n,
      reason: 'gift',
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.ctx.db.transaction((tx) =>
          postEach(tx, [
            { ...payout, reference: null },
            { ...payout, idempotencyKey: key(`other-${i}`), amountPaise: 1n },
          ]),
        ),
      ),
    );
    const once = results.map((outcomes) => outcomes[0]!);
    expect(once.every((o) => o.isPosted)).toBe(true);
    const transfers = once.flatMap((o) => (o.isPosted ? [o.transfer] : []));
    expect(transfers.filter((t) => !t.isReplay)).toHaveLength(1);
    expect(new Set(transfers.map((t) => t.id)).size).toBe(1);
    expect(new Set(transfers.map((t) => t.creditBalanceAfterPaise)).size).toBe(1);
    expect(await transfersWithKeys([payout.idempotencyKey])).toHaveLength(1);
    expect(await balanceOf(player.cashAccountId)).toBe(1_234n + 50n);
    await expectLedgerBalanced(server);
  });

  it('posts a key once when parallel batches carry it on different accounts, the rest replays or conflicts', async () => {
    const { one, two, variants } = await giftsContestingOneKey('contested');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => server.ctx.db.transaction((tx) => postEach(tx, [variants[i % 2]!]))),
    );
    const contested = results.map((outcomes) => outcomes[0]!);
    expectOneVariantWon(contested, 10);
    expect((await balanceOf(one.cashAccountId)) + (await balanceOf(two.cashAccountId))).toBe(100n);
    await expectLedgerBalanced(server);
  });
});

describe('postEach, group by group', () => {
  it('accepts a group only whole: a refused fee undoes its stake, and the next group sees the balance as it was', async () => {
    const player = await quickPlayer(server, { cashPaise: 100n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const fees = await houseAccountId(server.ctx.db, 'fees');
    const pair = (name: string, stakePaise: bigint, feePaise: bigint): TransferInput[] => [
      {
        idempotencyKey: key(`${name}-stake`),
        debitAccountId: player.cashAccountId,
        creditAccountId: house,
        amountPaise: stakePaise,
        reason: 'bet',
      },
      {
        idempotencyKey: key(`${name}-fee`),
        debitAccountId: player.cashAccountId,
        creditAccountId: fees,
        amountPaise: feePaise,
        reason: 'fee',
      },
    ];
    // 100 paise: 60 + 2 fits; then 37 fits but its fee of 2 does not (38 left after the first);
    // then 30 + 8 fits exactly in what the second group left untouched.
    const groups = [pair('first', 60n, 2n), pair('second', 37n, 2n), pair('third', 30n, 8n)];
    const outcomes = await server.ctx.db.transaction((tx) => postEach(tx, groups));

    expect(outcomes.map((group) => group.map((o) => (o.isPosted ? 'posted' : o.code)))).toEqual([
      ['posted', 'posted'],
      ['INSUFFICIENT_BALANCE', 'INSUFFICIENT_BALANCE'],
      ['posted', 'posted'],
    ]);
    const last = outcomes[2]![1]!;
    expect(last.isPosted && last.transfer.debitBalanceAfterPaise).toBe(0n);
    expect(await balanceOf(player.cashAccountId)).toBe(0n);
    expect(await transfersWithKeys(groups.flat().map((t) => t.idempotencyKey))).toEqual(
      [...groups[0]!, ...groups[2]!].map((t) => t.idempotencyKey),
    );
    await expectLedgerBalanced(server);
  });
});

/** A batch that is its transaction's only work, run again when a key was committed under it (as a node's batchers do). */
async function postWhole(transfers: readonly TransferInput[]): Promise<TransferOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await server.ctx.db.transaction((tx) => postEach(tx, transfers, { isWholeTransaction: true }));
    } catch (error) {
      if (!isKeyRace(error) || attempt >= MAX_KEY_RACE_ATTEMPTS) throw error;
    }
  }
}

describe('postEach as a whole transaction', () => {
  it('answers each of 60 transfers with its own outcome, posting exactly the affordable ones, repeats as replays', async () => {
    const player = await quickPlayer(server, { cashPaise: 1_000n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const debit = (name: string): TransferInput => ({
      idempotencyKey: key(name),
      debitAccountId: player.cashAccountId,
      creditAccountId: house,
      amountPaise: 100n,
      reason: 'bet',
    });
    const inputs = Array.from({ length: 50 }, (_, i) => debit(`single-${i}`));
    // Ten repeats of the first ten keys: replays, never a second debit.
    const all = [...inputs, ...inputs.slice(0, 10).map((t) => ({ ...t }))];
    const outcomes = await postWhole(all);

    // In order, so the first ten fit the 1,000 paise and the other forty are refused.
    const ids = outcomes.map((o) => (o.isPosted ? o.transfer.id : o.code));
    expect(ids.slice(10, 50)).toEqual(Array(40).fill('INSUFFICIENT_BALANCE'));
    expect(new Set(ids.slice(0, 10)).size).toBe(10);
    expect(ids.slice(50)).toEqual(ids.slice(0, 10));
    expect(outcomes.slice(50).every((o) => o.isPosted && o.transfer.isReplay)).toBe(true);
    expect(await balanceOf(player.cashAccountId)).toBe(0n);
    await expectLedgerBalanced(server);
  });

  it('posts a key once when whole batches of several nodes race it on different accounts: a lost race runs its batch again', async () => {
    const { one, two, variants } = await giftsContestingOneKey('batched-contested');
    // One batch per "node": each is its transaction's only work, so no savepoint guards it.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postWhole([variants[i % 2]!, { ...variants[i % 2]!, idempotencyKey: key(`batched-other-${i}`), amountPaise: 1n }]),
      ),
    );
    const contested = results.map((outcomes) => outcomes[0]!);
    expectOneVariantWon(contested, 5);
    // The other key of every batch is posted whatever became of the contested one.
    expect(results.every((outcomes) => outcomes[1]!.isPosted && !outcomes[1]!.transfer.isReplay)).toBe(true);
    expect((await balanceOf(one.cashAccountId)) + (await balanceOf(two.cashAccountId))).toBe(100n + 10n);
    await expectLedgerBalanced(server);
  });
});

describe('postEach, in bulk', () => {
  it('posts thousands of transfers with running balances, and replays them all', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => quickPlayer(server)));
    const room = await houseAccountId(server.ctx.db, 'room:batch-test');
    const transfers: TransferInput[] = Array.from({ length: 2_000 }, (_, i) => ({
      idempotencyKey: key(`bulk-${i}`),
      debitAccountId: room,
      creditAccountId: players[i % 20]!.cashAccountId,
      amountPaise: BigInt(100 + i),
      reason: 'payout',
      reference: 'round:1',
    }));
    const outcomes = await server.ctx.db.transaction((tx) => postEach(tx, transfers));
    expect(outcomes.every((o) => o.isPosted && !o.transfer.isReplay)).toBe(true);
    let expected = 0n;
    for (let i = 0; i < 2_000; i += 20) expected += BigInt(100 + i);
    expect(await balanceOf(players[0]!.cashAccountId)).toBe(expected);
    const last = await server.ctx.db.query<{ balance_after_paise: bigint }>(
      'select balance_after_paise from ledger_entries where account_id = $1 order by transfer_id desc limit 1',
      [players[0]!.cashAccountId],
    );
    expect(last[0]!.balance_after_paise).toBe(expected);
    await expectLedgerBalanced(server);

    const replays = await server.ctx.db.transaction((tx) => postEach(tx, transfers));
    expect(replays.every((o) => o.isPosted && o.transfer.isReplay)).toBe(true);
    expect(await balanceOf(players[0]!.cashAccountId)).toBe(expected);
  });

  it('refuses a batch over its limit before touching the database', async () => {
    const player = await quickPlayer(server);
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const transfers: TransferInput[] = Array.from({ length: MAX_EACH_TRANSFER_BATCH + 1 }, (_, i) => ({
      idempotencyKey: key(`over-${i}`),
      debitAccountId: house,
      creditAccountId: player.cashAccountId,
      amountPaise: 1n,
      reason: 'adjustment',
    }));
    await expect(server.ctx.db.transaction((tx) => postEach(tx, transfers))).rejects.toThrow(
      `batch of ${MAX_EACH_TRANSFER_BATCH + 1} exceeds ${MAX_EACH_TRANSFER_BATCH}`,
    );
    expect(await balanceOf(player.cashAccountId)).toBe(0n);
  });
});
