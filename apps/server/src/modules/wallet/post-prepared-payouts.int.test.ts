import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { HOUSE_SHARD_COUNT, shardedHouseAccountId } from './accounts.ts';
import { postPreparedPayouts, preparePayoutsByShard, type PayoutsFromQuery } from './post-transfers.ts';

// A payout prepared by house shard and posted one statement per shard (decision 0016), on PGlite and,
// with DATABASE_URL, on PostgreSQL.

let server: TestServer;
const PURPOSE = 'room:payout-test';
beforeAll(async () => {
  server = await startTestServer();
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(server.ctx.db, PURPOSE, shard);
});
afterAll(async () => {
  await server.stop();
});

const cashOf = async (userId: number) =>
  (
    await server.ctx.db.query<{ balance_paise: bigint }>(
      "select balance_paise from ledger_accounts where user_id = $1 and kind = 'cash'",
      [userId],
    )
  )[0]!.balance_paise;

/** Payouts given as rows of (key, user id, amount): the caller's "own table" is a VALUES list. */
function payoutsOf(rows: Array<[string, number, bigint]>): PayoutsFromQuery {
  return {
    housePurpose: PURPOSE,
    reason: 'payout',
    selectSql: `select k, u, a, null::text from unnest($1::text[], $2::integer[], $3::bigint[]) as v(k, u, a)`,
    params: [rows.map(([k]) => k), rows.map(([, u]) => u), rows.map(([, , a]) => a.toString())],
  };
}

it('pays every row once with running balances, replays a second posting, and refuses a key posted with other content', async () => {
  const players = await Promise.all(Array.from({ length: 40 }, () => quickPlayer(server, { cashPaise: 500n })));
  const run = `pp-${Date.now()}`;
  // Every player is paid twice (two winning bets): two entries on one account in one shard statement.
  const rows: Array<[string, number, bigint]> = players.flatMap((p, i): Array<[string, number, bigint]> => [
    [`${run}-a-${i}`, p.userId, BigInt(100 + i)],
    [`${run}-b-${i}`, p.userId, 7n],
  ]);
  const prepared = await preparePayoutsByShard(server.ctx.db, payoutsOf(rows));
  expect(prepared.count).toBe(80);
  expect(prepared.shards.length).toBeGreaterThan(1);

  expect(await postPreparedPayouts(server.ctx.db, prepared, 4)).toEqual({ postedCount: 80, replayedCount: 0 });
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
  expect(await postPreparedPayouts(server.ctx.db, prepared, 4)).toEqual({ postedCount: 0, replayedCount: 80 });
  expect(await cashOf(players[0]!.userId)).toBe(607n);

  // A key already posted, now with another amount: refused, and its shard posts nothing new.
  const tampered = await preparePayoutsByShard(
    server.ctx.db,
    payoutsOf([
      [`${run}-a-0`, players[0]!.userId, 999n],
      [`${run}-c-0`, players[0]!.userId, 5n],
    ]),
  );
  await expect(postPreparedPayouts(server.ctx.db, tampered, 1)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  expect(await cashOf(players[0]!.userId)).toBe(607n);
  await expectLedgerBalanced(server);
});
