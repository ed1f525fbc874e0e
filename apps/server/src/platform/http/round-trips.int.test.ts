import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb, type CountingDb } from '../../../test/counting-db.ts';
import { quickPlayer } from '../../../test/players.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/scratch-database.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tickCrash } from '../../modules/games/crash/crash-clock.ts';
import { CrashEvents } from '../../modules/games/crash/crash-events.ts';
import { houseAccountId } from '../../modules/wallet/accounts.ts';
import { startHeartbeat, type Heartbeat } from '../heartbeat.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

// Database round trips of one crash bet and one cash-out through HTTP, counted statement by statement
// (a transaction's begin and commit count as one each). A player's first request reads the session and
// the account ids; later ones find both in the node's caches (decision 0017).

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
let scratch: ScratchDatabase | undefined;
let db: CountingDb;
let server: TestServer;
let heartbeat: Heartbeat;
const events = new CrashEvents();

beforeAll(async () => {
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'mayur_rt') : undefined;
  db = countingDb(scratch ? await openPostgres(scratch.url, 5) : await openPglite('memory://'));
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' }, { db });
  server.clock.advance(T0 - server.clock.now().getTime());
  heartbeat = startHeartbeat({ db, databaseUrl: undefined, clock: server.clock, log: server.ctx.log, intervalMs: 3_600_000 });
  // Every room shard exists before counting, as on a node that has served for a while.
  for (let shard = 0; shard < 16; shard++) await houseAccountId(db, `room:limbo#${shard}` as never);
});
afterAll(async () => {
  await heartbeat.stop();
  await server.stop();
  await db.close();
  await scratch?.drop();
});

const now = () => server.clock.now().getTime();
const setNow = (ms: number) => server.clock.advance(ms - now());
type LiveRound = { crash_point_x100: number; flying_at: Date; crash_at: Date; next_round_at: Date };

/** Runs rounds until one will crash at 2x or later, and returns it in its betting phase. */
async function bettingRound(): Promise<LiveRound> {
  for (let i = 0; i < 100; i++) {
    await heartbeat.beatNow();
    await tickCrash(server.ctx, events, now());
    const [round] = await db.query<LiveRound>(
      "select crash_point_x100, flying_at, crash_at, next_round_at from crash_rounds where room = 'limbo' and state = 'live'",
    );
    if (round!.crash_point_x100 >= 200 && now() < round!.flying_at.getTime()) return round!;
    setNow(round!.next_round_at.getTime());
  }
  throw new Error('no round reached 2x');
}

/** The statements one call sends, and how many of them read a session or a player's account ids. */
async function counted(path: string, body: object, token: string) {
  db.reset();
  const reply = await server.call(path, body, { token });
  expect(reply.body.res).toBe(1);
  // The refresh loop's one read of recent revocations may land inside the window; it is not this call's.
  const statements = db.statements.filter((sql) => !sql.includes('where revoked_at >= $1'));
  return {
    reply,
    total: statements.length,
    sessionReads: statements.filter((sql) => sql.includes('from sessions where token_hash =')).length,
    accountIdReads: statements.filter((sql) => sql.includes('select id, kind from ledger_accounts')).length,
  };
}

async function betAndCashOut(token: string) {
  const round = await bettingRound();
  const bet = await counted('/gameroket/pour', { room: 'limbo', amount: '10', slot: 1 }, token);
  setNow(round.flying_at.getTime() + 1);
  await heartbeat.beatNow();
  await tickCrash(server.ctx, events, now());
  const cashOut = await counted('/gameroket/doSettle', { betId: bet.reply.body.obj.bet.id }, token);
  setNow(round.next_round_at.getTime());
  return { bet, cashOut };
}

describe('database round trips of the crash hot path', () => {
  it('reads the session and the account ids on a player’s first bet only', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const first = await betAndCashOut(player.token);
    const later = await betAndCashOut(player.token);
    // eslint-disable-next-line no-console -- these figures are what the test is run for (decision 0017).
    console.info(
      `round trips (${db.kind}): first bet ${first.bet.total}, first cash-out ${first.cashOut.total}; ` +
        `later bet ${later.bet.total}, later cash-out ${later.cashOut.total}`,
    );
    // quickPlayer opened the accounts through this node, so they are known from the start; the
    // session was made in the database directly, so the first bet reads it once.
    expect(first.bet.sessionReads).toBe(1);
    expect(later.bet.sessionReads).toBe(0);
    expect(later.cashOut.sessionReads).toBe(0);
    expect(later.bet.accountIdReads).toBe(0);
    expect(later.cashOut.accountIdReads).toBe(0);
  });
});
