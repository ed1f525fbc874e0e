import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { houseAccountId } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { payOut, postEach, postGroup, type TransferInput } from './ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

// Every way of posting refuses an account that does not exist and writes nothing (the wallet checks
// first, and the database's statement checks of migration 0034 stand behind it), accounts cannot be
// removed, and ledger:check finds any orphan row written around both. On PGlite and, with
// DATABASE_URL, on PostgreSQL.

const server = serverForFile();

const NO_SUCH_ACCOUNT = 2_000_000_000;
let sequence = 0;
const key = (name: string) => `refs-${name}-${(sequence += 1)}`;

async function postedWithKeys(keys: string[]): Promise<number> {
  const rows = await server.ctx.db.query<{ n: bigint }>(
    'select count(*) as n from ledger_transfers where idempotency_key = any($1::text[])',
    [keys],
  );
  return Number(rows[0]!.n);
}

describe('a transfer naming an account that does not exist', () => {
  it('is refused by every way of posting, and nothing of its batch is written', async () => {
    const player = await quickPlayer(server, { cashPaise: 1_000n });
    const house = await houseAccountId(server.ctx.db, 'adjustments');
    const good: TransferInput = {
      idempotencyKey: key('good'),
      debitAccountId: house,
      creditAccountId: player.cashAccountId,
      amountPaise: 5n,
      reason: 'adjustment',
    };
    const toNowhere: TransferInput = { ...good, idempotencyKey: key('nowhere'), creditAccountId: NO_SUCH_ACCOUNT };
    const fromNowhere: TransferInput = { ...good, idempotencyKey: key('from-nowhere'), debitAccountId: NO_SUCH_ACCOUNT };
    const keys = [good.idempotencyKey, toNowhere.idempotencyKey, fromNowhere.idempotencyKey];

    await expect(server.ctx.db.transaction((tx) => postGroup(tx, [toNowhere]))).rejects.toThrow(/does not exist/);
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, [fromNowhere]))).rejects.toThrow(/does not exist/);
    await expect(server.ctx.db.transaction((tx) => postGroup(tx, [good, fromNowhere]))).rejects.toThrow(/does not exist/);
    await expect(server.ctx.db.transaction((tx) => postEach(tx, [good, toNowhere]))).rejects.toThrow(/does not exist/);
    await expect(server.ctx.db.transaction((tx) => postEach(tx, [good, fromNowhere]))).rejects.toThrow(/does not exist/);
    const shard = {
      debit_account_ids: `{${house},${house}}`,
      keys: `{${good.idempotencyKey},${toNowhere.idempotencyKey}}`,
      credit_account_ids: `{${player.cashAccountId},${NO_SUCH_ACCOUNT}}`,
      amounts: '{5,5}',
      reference_list: '{NULL,NULL}',
    };
    await expect(
      payOut({ byShard: server.ctx.db, connections: 1 }, { reason: 'payout', count: 2, shards: [shard] }),
    ).rejects.toThrow(/do(es)? not exist/);

    expect(await postedWithKeys(keys)).toBe(0);
    const report = await checkLedger(server.ctx.db);
    expect(report.violations).toEqual([]);
  });

  it('cannot be made by removing an account', async () => {
    const player = await quickPlayer(server);
    await expect(server.ctx.db.query('delete from ledger_accounts where id = $1', [player.cashAccountId])).rejects.toThrow(
      /never removed/,
    );
    await expect(server.ctx.db.query('truncate ledger_accounts cascade')).rejects.toThrow(/never removed/);
  });

  it('written around the wallet and the database (triggers off, as a bulk load may), is reported by ledger:check', async () => {
    const player = await quickPlayer(server);
    const transfer = await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      const [inserted] = await tx.query<{ id: bigint }>(
        `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason)
         values ($1, $2, $3, 1, 'adjustment') returning id`,
        [key('orphan'), NO_SUCH_ACCOUNT, player.cashAccountId],
      );
      await tx.query(
        `insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise)
         values ($1, $2, -1, -1), ($1, $3, 1, 1)`,
        [inserted!.id, NO_SUCH_ACCOUNT, player.cashAccountId],
      );
      return inserted;
    });
    const report = await checkLedger(server.ctx.db);
    expect(report.violations).toContain(`transfer ${transfer!.id} names an account or transfer that does not exist`);
    expect(report.violations).toContain(`entry of transfer ${transfer!.id} names an account or transfer that does not exist`);
  });
});
