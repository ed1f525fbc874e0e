import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { openHouseShards } from '../../../test/ledger-payouts.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { houseAccountId } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { payOut, postEach, postGroup, preparePayouts, type TransferInput } from './ledger.ts';
import { TRANSFER_REASONS } from './transfer-reasons.ts';
import { serverForFile } from '../../../test/test-server.ts';

// What the database itself refuses of the ledger (migrations 0030 and 0034), tried with raw SQL as a
// statement written around the wallet would be, and every way the wallet posts still accepted. On
// PGlite and, with DATABASE_URL, on PostgreSQL.

const server = serverForFile();

const NO_SUCH_ID = 2_000_000_000;
let sequence = 0;
const key = (name: string) => `guards-${name}-${(sequence += 1)}`;

type Leg = { accountId: number; amountPaise: bigint };

async function insertTransfer(
  db: Queryable,
  t: { key: string; debitAccountId: number; creditAccountId: number; amountPaise: bigint; reason?: string },
): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason)
     values ($1, $2, $3, $4, $5) returning id`,
    [t.key, t.debitAccountId, t.creditAccountId, t.amountPaise, t.reason ?? 'adjustment'],
  );
  return row!.id;
}

/** The given entries of one transfer, in one statement. */
async function insertEntries(db: Queryable, transferId: bigint, legs: Leg[]): Promise<void> {
  await db.query(
    `insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise)
     select $1, account_id, amount_paise, 0 from unnest($2::integer[], $3::bigint[]) as l (account_id, amount_paise)`,
    [transferId, legs.map((leg) => leg.accountId), legs.map((leg) => leg.amountPaise.toString())],
  );
}

/** A transfer of `amountPaise` from the adjustments account to a new player's cash, written with raw SQL. */
async function rawTransfer() {
  const player = await quickPlayer(server);
  const house = await houseAccountId(server.ctx.db, 'adjustments');
  return {
    player,
    house,
    transfer: { key: key('raw'), debitAccountId: house, creditAccountId: player.cashAccountId, amountPaise: 10n },
  };
}

async function storedWithKey(idempotencyKey: string): Promise<number> {
  const [row] = await server.ctx.db.query<{ n: bigint }>(
    'select count(*) as n from ledger_transfers where idempotency_key = $1',
    [idempotencyKey],
  );
  return Number(row!.n);
}

describe('the database refuses', () => {
  it('a transfer naming an account that does not exist', async () => {
    const { transfer } = await rawTransfer();
    await expect(insertTransfer(server.ctx.db, { ...transfer, creditAccountId: NO_SUCH_ID })).rejects.toThrow(
      `ledger account ${NO_SUCH_ID} does not exist`,
    );
    await expect(insertTransfer(server.ctx.db, { ...transfer, debitAccountId: NO_SUCH_ID })).rejects.toThrow(
      `ledger account ${NO_SUCH_ID} does not exist`,
    );
    expect(await storedWithKey(transfer.key)).toBe(0);
  });

  it('an entry of a transfer that does not exist', async () => {
    const { player, house } = await rawTransfer();
    await expect(
      insertEntries(server.ctx.db, BigInt(NO_SUCH_ID), [
        { accountId: house, amountPaise: -10n },
        { accountId: player.cashAccountId, amountPaise: 10n },
      ]),
    ).rejects.toThrow(`ledger transfer ${NO_SUCH_ID} does not exist`);
  });

  it('a transfer whose entries do not sum to zero, or are not its own two legs', async () => {
    const { player, house, transfer } = await rawTransfer();
    const unbalanced: Leg[][] = [
      [
        { accountId: house, amountPaise: -10n },
        { accountId: player.cashAccountId, amountPaise: 9n },
      ],
      // One leg alone: the other would have to come in a later statement.
      [{ accountId: house, amountPaise: -10n }],
      // Balanced, but the money goes the other way.
      [
        { accountId: house, amountPaise: 10n },
        { accountId: player.cashAccountId, amountPaise: -10n },
      ],
      // Balanced, but from another account than the transfer names, and from one that does not exist.
      [
        { accountId: player.bonusAccountId, amountPaise: -10n },
        { accountId: player.cashAccountId, amountPaise: 10n },
      ],
      [
        { accountId: NO_SUCH_ID, amountPaise: -10n },
        { accountId: player.cashAccountId, amountPaise: 10n },
      ],
    ];
    for (const legs of unbalanced) {
      const attempt = server.ctx.db.transaction(async (tx) => insertEntries(tx, await insertTransfer(tx, transfer), legs));
      await expect(
        attempt,
        JSON.stringify(legs, (_, v) => (typeof v === 'bigint' ? `${v}` : v)),
      ).rejects.toThrow(/must have its two entries, debit and credit of its amount, in one statement/);
    }
    expect(await storedWithKey(transfer.key)).toBe(0);

    // A transfer posted whole takes no further entry, balanced or not.
    const id = await server.ctx.db.transaction(async (tx) => {
      const transferId = await insertTransfer(tx, transfer);
      await insertEntries(tx, transferId, [
        { accountId: house, amountPaise: -10n },
        { accountId: player.cashAccountId, amountPaise: 10n },
      ]);
      return transferId;
    });
    await expect(insertEntries(server.ctx.db, id, [{ accountId: player.bonusAccountId, amountPaise: 1n }])).rejects.toThrow(
      /must have its two entries/,
    );
    await expect(
      insertEntries(server.ctx.db, id, [
        { accountId: player.bonusAccountId, amountPaise: -10n },
        { accountId: house + 1, amountPaise: 10n },
      ]),
    ).rejects.toThrow(/must have its two entries/);
    // The rows written around the wallet moved no balance: put them back in step for the ledger check.
    await server.ctx.db.query('update ledger_accounts set balance_paise = balance_paise - 10 where id = $1', [house]);
    await server.ctx.db.query('update ledger_accounts set balance_paise = balance_paise + 10 where id = $1', [
      player.cashAccountId,
    ]);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('a reason the wallet does not know', async () => {
    const { transfer } = await rawTransfer();
    await expect(insertTransfer(server.ctx.db, { ...transfer, reason: 'jackpot' })).rejects.toThrow(
      /ledger_transfers_known_reason/,
    );
    expect(await storedWithKey(transfer.key)).toBe(0);
  });

  it('a reason list other than the wallet’s: the CHECK names exactly TRANSFER_REASONS', async () => {
    const [check] = await server.ctx.db.query<{ definition: string }>(
      "select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'ledger_transfers_known_reason'",
    );
    const allowed = [...check!.definition.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...TRANSFER_REASONS].sort());
  });

  it('a change of an account’s kind, owner, purpose or id, while its balance still moves', async () => {
    const { player, house } = await rawTransfer();
    const changes: Array<[string, number]> = [
      ["set kind = 'bonus'", player.cashAccountId],
      ['set user_id = null', player.cashAccountId],
      [`set user_id = ${player.userId} + 1`, player.bonusAccountId],
      ["set purpose = 'adjustments-moved'", house],
      ["set kind = 'cash', purpose = null", house],
      ['set id = default', player.cashAccountId],
    ];
    for (const [change, accountId] of changes)
      await expect(server.ctx.db.query(`update ledger_accounts ${change} where id = $1`, [accountId]), change).rejects.toThrow(
        `ledger account ${accountId} keeps its id, kind, owner and purpose`,
      );
    // Naming a column without changing it is no change.
    await server.ctx.db.query('update ledger_accounts set kind = kind, purpose = purpose where id = $1', [house]);
    const [moved] = await server.ctx.db.transaction((tx) =>
      postGroup(tx, [
        {
          idempotencyKey: key('after'),
          debitAccountId: house,
          creditAccountId: player.cashAccountId,
          amountPaise: 3n,
          reason: 'adjustment',
        },
      ]),
    );
    expect(moved.creditBalanceAfterPaise).toBe(3n);
  });

  it('TRUNCATE of the transfers, the entries or the accounts, with CASCADE too', async () => {
    await quickPlayer(server, { cashPaise: 100n });
    // Without CASCADE, PostgreSQL itself refuses to empty the transfers that gift redemptions name.
    await expect(server.ctx.db.query('truncate ledger_entries')).rejects.toThrow(
      'append-only table: TRUNCATE is refused on ledger_entries',
    );
    for (const table of ['ledger_transfers', 'ledger_entries'])
      await expect(server.ctx.db.query(`truncate ${table} cascade`), table).rejects.toThrow(
        `append-only table: TRUNCATE is refused on ${table}`,
      );
    await expect(server.ctx.db.query('truncate ledger_accounts cascade')).rejects.toThrow(/never removed/);
    const [left] = await server.ctx.db.query<{ n: bigint }>('select count(*) as n from ledger_entries');
    expect(left!.n).toBeGreaterThan(0n);
  });

  it('a migration onto a ledger that already breaks them: the rows stored before are proven once', async () => {
    const migration = fs.readFileSync(new URL('../../platform/db/migrations/0034_ledger_guards.sql', import.meta.url), 'utf8');
    // The proof is the migration's last step, the one block that begins with `do $$`.
    const proof = migration.slice(migration.indexOf('do $$'));
    await server.ctx.db.exec(proof);
    const { transfer } = await rawTransfer();
    const lonely = server.ctx.db.transaction(async (tx) => {
      // A transfer without entries, as a bulk load with triggers off could leave one.
      await tx.query('set local session_replication_role = replica');
      await insertTransfer(tx, transfer);
      await tx.query('set local session_replication_role = origin');
      await tx.exec(proof);
    });
    await expect(lonely).rejects.toThrow(`the ledger breaks its invariants (transfer`);
    expect(await storedWithKey(transfer.key)).toBe(0);
  });
});

describe('the wallet posts as before through every statement that writes entries', () => {
  it('a group, a batch with an outcome each, and a payout in the caller’s transaction and by shards', async () => {
    const players = await Promise.all([quickPlayer(server), quickPlayer(server), quickPlayer(server)]);
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const credit = (player: (typeof players)[number], name: string, amountPaise: bigint): TransferInput => ({
      idempotencyKey: key(name),
      debitAccountId: house,
      creditAccountId: player.cashAccountId,
      amountPaise,
      reason: 'adjustment',
    });
    await server.ctx.db.transaction((tx) =>
      postGroup(tx, [credit(players[0]!, 'group', 500n), credit(players[1]!, 'group', 400n)]),
    );
    const outcomes = await server.ctx.db.transaction((tx) =>
      postEach(tx, [credit(players[1]!, 'each', 100n), [credit(players[2]!, 'each', 300n), credit(players[2]!, 'each', 200n)]]),
    );
    expect(outcomes.flat().every((outcome) => outcome.isPosted)).toBe(true);
    await openHouseShards(server, 'room:guards');
    const payouts = (name: string) => ({
      housePurpose: 'room:guards' as const,
      reason: 'payout' as const,
      rows: players.map((player) => ({ idempotencyKey: key(name), userId: player.userId, amountPaise: 25n, reference: null })),
    });
    expect(await server.ctx.db.transaction((tx) => payOut({ inTransaction: tx }, payouts('in-transaction')))).toEqual({
      postedCount: 3,
      replayedCount: 0,
    });
    const prepared = await preparePayouts(server.ctx.db, payouts('by-shard'));
    expect(await payOut({ byShard: server.ctx.db, connections: 2 }, prepared)).toEqual({ postedCount: 3, replayedCount: 0 });

    const balances = await server.ctx.db.query<{ balance_paise: bigint }>(
      'select balance_paise from ledger_accounts where id = any($1::integer[]) order by id',
      [players.map((player) => player.cashAccountId)],
    );
    expect(balances.map((row) => row.balance_paise)).toEqual([550n, 550n, 550n]);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });
});
