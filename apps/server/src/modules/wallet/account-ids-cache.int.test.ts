import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countingDb, type CountingDb } from '../../../test/counting-db.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  findManyPlayerAccounts,
  findPlayerAccounts,
  findPlayerBalances,
  houseAccountId,
  shardedHouseAccountId,
} from './accounts.ts';

// Account ids are remembered per database once committed; balances never are.

let server: TestServer;
let db: CountingDb;

beforeEach(async () => {
  server = await startTestServer();
  db = countingDb(server.ctx.db);
});
afterEach(async () => {
  await server.stop();
});

/** A committed player without ledger accounts, as a bulk import or an old row would leave one. */
async function bareUser(mobile: string): Promise<number> {
  const [user] = await db.query<{ id: number }>(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     values ($1, 'not-a-hash', 'Bare', $2, now(), now()) returning id`,
    [mobile, `B${mobile.slice(-6)}X`],
  );
  return user!.id;
}

describe('account ids cache', () => {
  it('reads a player’s and a house shard’s ids once, in any later transaction, but reads balances every time', async () => {
    const userId = await bareUser('9800000001');
    const opened = await db.transaction((tx) => findPlayerAccounts(tx, userId));
    const first = await db.transaction((tx) => findPlayerAccounts(tx, userId));
    const room = await shardedHouseAccountId(db, 'room:limbo', userId);
    db.reset();
    expect(await db.transaction((tx) => findPlayerAccounts(tx, userId))).toEqual(first);
    expect(await findPlayerAccounts(db, userId)).toEqual(opened);
    expect(await shardedHouseAccountId(db, 'room:limbo', userId)).toBe(room);
    expect(await houseAccountId(db, ('room:limbo#' + (userId % 16)) as never)).toBe(room);
    expect(db.statements.filter((sql) => sql.includes('ledger_accounts'))).toEqual([]);
    await findPlayerBalances(db, userId);
    await findPlayerBalances(db, userId);
    expect(db.statements.filter((sql) => sql.includes('balance_paise'))).toHaveLength(2);
  });

  it('reads the ids of a batch’s players in one statement, remembers them, and opens missing accounts', async () => {
    const known = await bareUser('9800000011');
    const unseen = await bareUser('9800000012');
    const bare = await bareUser('9800000013');
    const knownIds = await db.transaction((tx) => findPlayerAccounts(tx, known));
    await db.query("insert into ledger_accounts (kind, user_id) values ('cash', $1), ('bonus', $1)", [unseen]);
    db.reset();
    const found = await db.transaction((tx) => findManyPlayerAccounts(tx, [known, unseen, known]));
    expect(found.get(known)).toEqual(knownIds);
    expect(db.statements.filter((sql) => sql.includes('ledger_accounts'))).toHaveLength(1);
    db.reset();
    expect(await db.transaction((tx) => findPlayerAccounts(tx, unseen))).toEqual(found.get(unseen));
    expect(db.statements.filter((sql) => sql.includes('ledger_accounts'))).toEqual([]);
    const opened = await db.transaction((tx) => findManyPlayerAccounts(tx, [bare]));
    const rows = await db.query<{ id: number }>('select id from ledger_accounts where user_id = $1', [bare]);
    expect(rows.map((row) => row.id).sort()).toEqual([opened.get(bare)!.cashAccountId, opened.get(bare)!.bonusAccountId].sort());
  });

  it('does not remember ids of accounts whose opening transaction rolled back', async () => {
    const userId = await bareUser('9800000002');
    const rolledBack = await db
      .transaction(async (tx) => {
        const ids = await findPlayerAccounts(tx, userId);
        // Read again in the same transaction: the rows are visible here and must still not be remembered.
        expect(await findPlayerAccounts(tx, userId)).toEqual(ids);
        throw new Error('rolled back on purpose');
      })
      .catch(() => null);
    expect(rolledBack).toBeNull();
    const ids = await db.transaction((tx) => findPlayerAccounts(tx, userId));
    const rows = await db.query<{ id: number }>('select id from ledger_accounts where user_id = $1 order by id', [userId]);
    expect(rows.map((row) => row.id).sort()).toEqual([ids.cashAccountId, ids.bonusAccountId].sort());
  });

  it('keeps the ids of one database apart from another’s in the same process', async () => {
    const other = await startTestServer();
    try {
      // Both databases give their first players the same user ids, but not the same account ids.
      await houseAccountId(other.ctx.db, 'promotions');
      const here = await bareUser('9800000003');
      const [there] = await other.ctx.db.query<{ id: number }>(
        `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
         values ('9800000003', 'not-a-hash', 'Bare', 'B000003X', now(), now()) returning id`,
      );
      expect(there!.id).toBe(here);
      const idsHere = await server.ctx.db.transaction((tx) => findPlayerAccounts(tx, here));
      const idsThere = await other.ctx.db.transaction((tx) => findPlayerAccounts(tx, here));
      expect(idsThere.cashAccountId).not.toBe(idsHere.cashAccountId);
      const [row] = await other.ctx.db.query<{ user_id: number }>('select user_id from ledger_accounts where id = $1', [
        idsThere.cashAccountId,
      ]);
      expect(row!.user_id).toBe(here);
    } finally {
      await other.stop();
    }
  });
});
