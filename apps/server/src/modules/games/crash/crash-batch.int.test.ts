import { formatMoney } from '@mayur/rules/money';
import { multiplierX100At } from '@mayur/rules/crash-curve';
import { afterEach, describe, expect, it } from 'vitest';
import { beatenByHand, setClock } from '../../../../test/games-clock.ts';
import { limboRoundCrashingAtLeast, oneOfParallelCashOuts } from '../../../../test/games-crash.ts';
import { cashOf, expectLedgerBalanced } from '../../../../test/payments.ts';
import { quickPlayer } from '../../../../test/players.ts';
import { startTestServer, type Reply, type TestServer } from '../../../../test/test-server.ts';
import type { Db } from '../../../platform/db/db.ts';
import { openPostgres } from '../../../platform/db/postgres.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { Heartbeat } from '../../../platform/heartbeat.ts';
import { refuseCancel } from './cancel-crash-bet.ts';
import { decideCashOut } from './cash-out.ts';
import { roomHouseAccounts } from './crash-bet-account.ts';
import { applyBetBatch, type BetBatchRequest, type BetLaneRules } from './crash-bet-batch.ts';
import { applyCashOutBatch } from './crash-cash-out-batch.ts';
import { tickCrash } from './crash-clock.ts';
import { CrashEvents } from './crash-events.ts';
import { joinsLiveRound, refuseUnplacedBet } from './place-crash-bet.ts';

// Group commit of crash requests (decision 0015): each request of a batch is answered on its own, and
// money moves only for the accepted ones; on PostgreSQL (DATABASE_URL) the races between requests and
// between nodes are real.

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
/** The rules a node's bet lane applies (routes.ts starts it with the same). */
const BET_RULES: BetLaneRules = { joinsLiveRound, refuseUnplacedBet, refuseCancel };
const events = new CrashEvents();
const started: Array<{ server: TestServer; heartbeat: Heartbeat | null }> = [];
const pools: Db[] = [];

afterEach(async () => {
  for (const node of started.splice(0).reverse()) {
    await node.heartbeat?.stop();
    await node.server.stop();
  }
  for (const pool of pools.splice(0)) await pool.close();
});

async function startNode(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '200', ...env });
  server.clock.advance(T0 - server.clock.now().getTime());
  started.push({ server, heartbeat: null });
  return server;
}

/** A second serving process on the first one's database (its own pool on PostgreSQL). */
async function secondNode(first: TestServer): Promise<TestServer> {
  const databaseUrl = first.ctx.config.databaseUrl;
  const db = databaseUrl ? await openPostgres(databaseUrl, 10) : first.ctx.db;
  if (databaseUrl) pools.push(db);
  const server = await startTestServer(
    { LOTTERY_CHAIN_LENGTH: '200', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { db },
  );
  server.clock.advance(first.clock.now().getTime() - server.clock.now().getTime());
  started.push({ server, heartbeat: null });
  return server;
}

async function tick(server: TestServer): Promise<void> {
  const node = started.find((entry) => entry.server === server)!;
  node.heartbeat ??= beatenByHand(server);
  await node.heartbeat.beatNow();
  await tickCrash(server.ctx, events, server.clock.now().getTime());
}

const roundCrashingAtLeast = (server: TestServer, minimumX100: number) =>
  limboRoundCrashingAtLeast(server, () => tick(server), minimumX100);

const codeOf = (answer: unknown) => (answer instanceof AppError ? answer.code : 'accepted');

describe('crash group commit', () => {
  it('answers each request of one batch on its own and moves money only for the accepted ones', async () => {
    const server = await startNode();
    const rich = await quickPlayer(server, { cashPaise: 100_000n });
    const poor = await quickPlayer(server, { cashPaise: 500n });
    const other = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(server, 150);
    const house = await roomHouseAccounts(server.ctx.db);
    const at = server.clock.now().getTime();
    const bet = (userId: number, stakePaise: bigint, slot: 1 | 2, requestKey?: string): BetBatchRequest => ({
      kind: 'bet',
      userId,
      input: { room: 'limbo', stakePaise, autoCashoutX100: null, slot, requestKey },
      receivedAtMs: at,
    });
    const [earlier] = await applyBetBatch(server.ctx, house, [bet(other.userId, 2_000n, 2)], BET_RULES);
    const earlierId = BigInt((earlier as { bet: { id: string } }).bet.id);

    const answers = await applyBetBatch(
      server.ctx,
      house,
      [
        bet(poor.userId, 1_000n, 1), // ₹10 against ₹5: refused, and its row never stays
        bet(poor.userId, 500n, 2), // ₹5 against the same ₹5: its own balance check passes
        bet(rich.userId, 3_000n, 1, 'batch-key-0001'),
        bet(rich.userId, 3_000n, 1, 'batch-key-0001'), // a retry within the batch: the same bet
        bet(rich.userId, 4_000n, 2, 'batch-key-0001'), // the same key for another bet
        bet(other.userId, 1_000n, 1),
        bet(other.userId, 1_500n, 1), // the slot is taken by the request before
        { kind: 'cancel', userId: other.userId, betId: earlierId, receivedAtMs: at },
        { kind: 'cancel', userId: rich.userId, betId: earlierId, receivedAtMs: at }, // not their bet
      ],
      BET_RULES,
    );
    expect(answers.map(codeOf)).toEqual([
      'INSUFFICIENT_BALANCE',
      'accepted',
      'accepted',
      'accepted',
      'IDEMPOTENCY_CONFLICT',
      'accepted',
      'SLOT_TAKEN',
      'accepted',
      'BET_UNKNOWN',
    ]);
    const placed = answers as Array<{ bet: { id: string; status: string; roundId: string | null }; balance: string }>;
    expect(placed[1]!.balance).toBe('0.00');
    expect(placed[2]!.bet).toMatchObject({ status: 'open', roundId: String(round.id) });
    expect(placed[3]!.bet.id).toBe(placed[2]!.bet.id);
    expect(placed[7]!.bet).toMatchObject({ id: String(earlierId), status: 'cancelled' });
    // Cancels come first: ₹1,000 − ₹20 + ₹20 back − ₹10.
    expect(placed[5]!.balance).toBe('990.00');
    expect(await cashOf(server, poor.userId)).toBe(0n);
    expect(await cashOf(server, rich.userId)).toBe(97_000n);
    expect(await cashOf(server, other.userId)).toBe(99_000n);
    const poorBets = await server.ctx.db.query<{ slot: number }>('select slot from crash_bets where user_id = $1', [poor.userId]);
    expect(poorBets).toEqual([{ slot: 2 }]);

    // In flight: a batch of cash-outs, one received after the crash instant.
    const richBetId = BigInt(placed[2]!.bet.id);
    const otherBetId = BigInt(placed[5]!.bet.id);
    const poorBetId = BigInt(placed[1]!.bet.id);
    const justBefore = round.crash_at.getTime() - 1;
    const cashOuts = await applyCashOutBatch(
      server.ctx,
      house,
      [
        { userId: rich.userId, betId: richBetId, receivedAtMs: justBefore },
        { userId: rich.userId, betId: richBetId, receivedAtMs: justBefore },
        { userId: other.userId, betId: otherBetId, receivedAtMs: round.crash_at.getTime() },
        { userId: rich.userId, betId: poorBetId, receivedAtMs: justBefore },
        { userId: poor.userId, betId: poorBetId, receivedAtMs: round.flying_at.getTime() - 1 },
        { userId: poor.userId, betId: 999_999_999n, receivedAtMs: justBefore },
      ],
      decideCashOut,
    );
    expect(cashOuts.map(codeOf)).toEqual([
      'accepted',
      'ALREADY_CASHED_OUT',
      'CASHOUT_TOO_LATE',
      'BET_UNKNOWN',
      'CASHOUT_NOT_FLYING',
      'BET_UNKNOWN',
    ]);
    const multiplier = multiplierX100At(justBefore - round.flying_at.getTime());
    const win = (3_000n * BigInt(multiplier)) / 100n;
    expect(cashOuts[0]).toMatchObject({
      multiplierX100: multiplier,
      winAmount: formatMoney(win),
      balance: formatMoney(97_000n + win),
      bet: { status: 'cashed_out', cashoutX100: multiplier },
    });
    expect(await cashOf(server, rich.userId)).toBe(97_000n + win);
    expect(await cashOf(server, other.userId)).toBe(99_000n);
    const wins = await server.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'crash-win:%'");
    expect(wins).toHaveLength(1);
    // A late retry of the first bet request answers that bet, with the balance as it is now.
    const [retry] = await applyBetBatch(server.ctx, house, [bet(rich.userId, 3_000n, 1, 'batch-key-0001')], BET_RULES);
    expect(retry).toMatchObject({ bet: { id: String(richBetId), status: 'cashed_out' }, balance: formatMoney(97_000n + win) });
    expect(await cashOf(server, rich.userId)).toBe(97_000n + win);
    await expectLedgerBalanced(server);
  });

  it('pays one of 200 parallel cash-outs of one bet', async () => {
    const server = await startNode();
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    const round = await roundCrashingAtLeast(server, 150);
    const placed = await server.call('/gameroket/pour', { room: 'limbo', amount: '50', slot: 1 }, { token: player.token });
    setClock(server, round.crash_at.getTime() - 1);
    const accepted = await oneOfParallelCashOuts(server, placed.body.obj.bet.id, player.token, 200);
    const win = (5_000n * BigInt(accepted.body.obj.multiplierX100)) / 100n;
    expect(await cashOf(server, player.userId)).toBe(10_000n - 5_000n + win);
    expect(accepted.body.obj.balance).toBe(formatMoney(10_000n - 5_000n + win));
    await expectLedgerBalanced(server);
  });

  it('pays each bet once when two nodes on one database take cash-outs of the same bets', async () => {
    const first = await startNode();
    const second = await secondNode(first);
    const players = await Promise.all(Array.from({ length: 12 }, () => quickPlayer(first, { cashPaise: 10_000n })));
    const round = await roundCrashingAtLeast(first, 150);
    setClock(second, first.clock.now().getTime());
    const bets = await Promise.all(
      players.map((player, i) =>
        (i % 2 === 0 ? first : second).call('/gameroket/pour', { room: 'limbo', amount: '20', slot: 1 }, { token: player.token }),
      ),
    );
    expect(bets.every((reply) => reply.body.res === 1)).toBe(true);
    const inFlight = round.flying_at.getTime() + 500;
    setClock(first, inFlight);
    setClock(second, inFlight);
    const replies = await Promise.all(
      players.flatMap((player, i) =>
        [first, second, first, second, second, first].map((node) =>
          node.call('/gameroket/doSettle', { betId: bets[i]!.body.obj.bet.id }, { token: player.token }),
        ),
      ),
    );
    expect(replies.filter((reply) => reply.body.res === 1)).toHaveLength(players.length);
    expect(replies.filter((reply) => reply.body.code === 'ALREADY_CASHED_OUT')).toHaveLength(players.length * 5);
    const win = (2_000n * BigInt(multiplierX100At(500))) / 100n;
    for (const player of players) expect(await cashOf(first, player.userId)).toBe(10_000n - 2_000n + win);
    const wins = await first.ctx.db.query("select 1 from ledger_transfers where idempotency_key like 'crash-win:%'");
    expect(wins).toHaveLength(players.length);
    await expectLedgerBalanced(first);
  });

  // On PGlite every statement shares one connection, so a held transaction stops everything else.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'announces the take-off while a cash-out batch holds its round, and the batch still pays',
    async () => {
      const server = await startNode();
      const player = await quickPlayer(server, { cashPaise: 10_000n });
      const round = await roundCrashingAtLeast(server, 150);
      const placed = await server.call('/gameroket/pour', { room: 'limbo', amount: '20', slot: 1 }, { token: player.token });
      expect(placed.body.res).toBe(1);
      setClock(server, round.flying_at.getTime() + 1);

      // A batch that stops, transaction open, right after the statement that locks its rounds.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let signalLocked!: () => void;
      const locked = new Promise<void>((resolve) => (signalLocked = resolve));
      const db = server.ctx.db;
      const holdingDb: Db = Object.create(db) as Db;
      holdingDb.transaction = (work) =>
        db.transaction((tx) => {
          const query = async (sql: string, params?: unknown[]) => {
            const rows = await tx.query(sql, params);
            if (sql.includes('from crash_rounds')) {
              signalLocked();
              await held;
            }
            return rows;
          };
          return work(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
        });
      const batch = applyCashOutBatch(
        { ...server.ctx, db: holdingDb },
        await roomHouseAccounts(db),
        [{ userId: player.userId, betId: BigInt(placed.body.obj.bet.id), receivedAtMs: round.flying_at.getTime() + 1 }],
        decideCashOut,
      );
      await locked;
      // The take-off step's UPDATE used to wait for every batch holding the round (FOR SHARE): in a
      // burst of cash-outs the take-off push came seconds late.
      const outcome = await Promise.race([
        tick(server).then(() => 'announced'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000)),
      ]);
      release();
      expect(outcome).toBe('announced');
      const [flags] = await db.query<{ flying_announced: boolean }>('select flying_announced from crash_rounds where id = $1', [
        round.id,
      ]);
      expect(flags!.flying_announced).toBe(true);
      expect((await batch).map(codeOf)).toEqual(['accepted']);
      await expectLedgerBalanced(server);
    },
  );

  it('refuses new bets with BUSY beyond a tiny queue bound while cash-outs still go through', async () => {
    const server = await startNode({ CRASH_BET_QUEUE_LIMIT: '2', GROUP_COMMIT_WINDOW_MS: '20' });
    const flyers = await Promise.all(Array.from({ length: 10 }, () => quickPlayer(server, { cashPaise: 10_000n })));
    const bettors = await Promise.all(Array.from({ length: 30 }, () => quickPlayer(server, { cashPaise: 10_000n })));
    const round = await roundCrashingAtLeast(server, 150);
    const open: Reply[] = [];
    for (const player of flyers)
      open.push(await server.call('/gameroket/pour', { room: 'limbo', amount: '10', slot: 1 }, { token: player.token }));
    setClock(server, round.flying_at.getTime() + 200);
    const [cashOuts, newBets] = await Promise.all([
      Promise.all(
        flyers.map((player, i) =>
          server.call('/gameroket/doSettle', { betId: open[i]!.body.obj.bet.id }, { token: player.token }),
        ),
      ),
      Promise.all(
        bettors.map((player) =>
          server.call('/gameroket/pour', { room: 'limbo', amount: '10', slot: 1 }, { token: player.token }),
        ),
      ),
    ]);
    expect(cashOuts.every((reply) => reply.body.res === 1)).toBe(true);
    const busy = newBets.filter((reply) => reply.body.code === 'BUSY');
    const queued = newBets.filter((reply) => reply.body.res === 1);
    expect(busy.length).toBeGreaterThan(0);
    expect(queued.length).toBeGreaterThan(0);
    expect(busy.length + queued.length).toBe(bettors.length);
    expect(busy[0]!).toMatchObject({ status: 200, body: { res: 0, code: 'BUSY', resMsg: 'Busy, please try again' } });
    expect(queued.every((reply) => reply.body.obj.bet.status === 'queued')).toBe(true);
    // A refused bet took nothing.
    const busyPlayers = bettors.filter((_, i) => newBets[i]!.body.code === 'BUSY');
    for (const player of busyPlayers) expect(await cashOf(server, player.userId)).toBe(10_000n);
    await expectLedgerBalanced(server);
  });
});
