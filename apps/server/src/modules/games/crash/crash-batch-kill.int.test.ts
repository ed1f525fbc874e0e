import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/db.ts';
import { openPglite } from '../../../platform/db/pglite.ts';
import { openPostgres } from '../../../platform/db/postgres.ts';
import { quickPlayer } from '../../../../test/players.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database.ts';
import { repositoryRoot as root, startServerProcess, waitHealthy, type ServerProcess } from '../../../../test/server-process.ts';
import { startTestServer } from '../../../../test/test-server.ts';

// A kill -9 of a node with a crash batch in flight loses nothing and pays nothing twice. The
// real server process (embedded database in a data folder, or a scratch PostgreSQL database when
// DATABASE_URL is set) takes a burst of parallel bets and is killed before their answers arrive; it is
// restarted, the unanswered bets are retried with their request keys, then a burst of parallel
// cash-outs (three per bet) in a flight is cut by a second kill. After a last restart the test checks
// invariants only, never timing: every answered request holds, every bet's money is in the ledger
// exactly once, refused bets left nothing, and each player's cash moved only by their own bets.

const RICH_PLAYERS = 40;
const POOR_PLAYERS = 8;
const RICH_CASH_PAISE = 100_000n;
const POOR_CASH_PAISE = 500n;
// Above a poor player's balance: every bet of theirs is refused.
const STAKE = '10';
const CASH_OUTS_PER_BET = 3;
/** A burst is sent only when at least this much of the betting window is left, so the bets join the round. */
const BETTING_LEFT_MS = 2_500;
/** The longest a burst waits for its first answer before the kill. */
const FIRST_ANSWER_LIMIT_MS = 5_000;
const AVIATOR_ROOMS = ['limbo', 'limbo1', 'limbo3'] as const;
const ALL_ROOMS = [...AVIATOR_ROOMS, 'crash'] as const;

type Envelope = { res: number; code?: string; obj?: any };
/** An answer, or null when the connection died with the process before it came. */
type Answer = Envelope | null;
type Player = { userId: number; token: string; cashAccountId: number; fundedPaise: bigint; isPoor: boolean };
type BetRequest = { player: Player; room: string; slot: 1 | 2; autoCashoutX100?: number; requestKey: string };

const paise = (text: string) => BigInt(text.replace('.', ''));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves when the first of a burst's requests is answered: one batch has committed, and the rest of
 * the burst is queued behind it or in the next batch, in flight. That is the moment to kill.
 */
function firstAnswerOf(answers: ReadonlyArray<Promise<Answer>>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_ANSWER_LIMIT_MS);
    for (const answer of answers)
      void answer.then(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

describe('a crash node killed with batches in flight', () => {
  const postgresUrl = process.env.DATABASE_URL;
  let scratch: ScratchDatabase | undefined;
  let dataDir = '';
  beforeAll(async () => {
    if (postgresUrl) scratch = await createScratchDatabase(postgresUrl, 'mayur_crash_kill');
    else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-crash-kill-'));
  });
  afterAll(async () => {
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const databaseSettings = () => (scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir });
  const openDatabase = (): Promise<Db> => (scratch ? openPostgres(scratch.url, 2) : openPglite(dataDir));

  function startNode(port: number): ServerProcess {
    return startServerProcess(
      { PORT: String(port), GAME_CLOCK: 'true', ...databaseSettings() },
      scratch ? [] : ['DATABASE_URL', 'REDIS_URL'],
    );
  }

  function runAdmin(port: number, ...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ADMIN_ACTOR: 'ci-operator', ...databaseSettings() };
    if (!scratch) delete env.DATABASE_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
  }

  /** Players with money and sessions, written before the node starts (the embedded database has one owner at a time). */
  async function preparePlayers(): Promise<Player[]> {
    const db = await openDatabase();
    const server = await startTestServer(scratch ? { DATABASE_URL: scratch.url } : {}, { db });
    try {
      const players: Player[] = [];
      for (let index = 0; index < RICH_PLAYERS + POOR_PLAYERS; index++) {
        const isPoor = index >= RICH_PLAYERS;
        const fundedPaise = isPoor ? POOR_CASH_PAISE : RICH_CASH_PAISE;
        const made = await quickPlayer(server, { cashPaise: fundedPaise });
        players.push({ userId: made.userId, token: made.token, cashAccountId: made.cashAccountId, fundedPaise, isPoor });
      }
      return players;
    } finally {
      await server.stop();
      await db.close();
    }
  }

  it('loses no answered bet or cash-out, pays each bet once, and keeps every player’s money exact', async () => {
    const port = 26_000 + Math.floor(Math.random() * 2_000);
    const players = await preparePlayers();
    const rich = players.filter((player) => !player.isPoor);

    const post = async (route: string, body: unknown, token?: string): Promise<Answer> => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        return (await response.json()) as Envelope;
      } catch {
        return null;
      }
    };
    const bet = (request: BetRequest) =>
      post(
        '/gameroket/pour',
        {
          room: request.room,
          amount: STAKE,
          slot: request.slot,
          requestKey: request.requestKey,
          ...(request.autoCashoutX100 ? { autoCashoutX100: request.autoCashoutX100 } : {}),
        },
        request.player.token,
      );
    /** The first of `rooms` whose betting window has at least BETTING_LEFT_MS left, polled; with its round id. */
    const roomInBetting = async (rooms: readonly string[]): Promise<{ room: string; roundId: string }> => {
      for (const startedAtMs = Date.now(); Date.now() - startedAtMs < 60_000; await sleep(100)) {
        for (const room of rooms) {
          const current = await post('/gameroket/getCurrent', { room });
          const state = current?.obj;
          if (state?.phase === 'betting' && state.flyingAtMs - state.serverTimeMs >= BETTING_LEFT_MS)
            return { room, roundId: state.roundId };
        }
      }
      throw new Error(`no betting window in ${rooms.join(', ')} within 60 s`);
    };
    const killNode = async (node: ServerProcess) => {
      const exited = new Promise((resolve) => node.child.once('exit', resolve));
      node.child.kill('SIGKILL');
      await exited;
    };

    // What the players were told; checked against the database at the end.
    const answeredBets: Array<{ request: BetRequest; answer: Envelope }> = [];
    const answeredCashOuts: Array<{ betId: string; answer: Envelope }> = [];

    let node = startNode(port);
    try {
      await waitHealthy(port);

      // 1. A burst of bets (two slots per player, half with an automatic target; the poor players' stakes
      // are above their balance), and the node killed before the answers come.
      const betting = await roomInBetting(AVIATOR_ROOMS);
      const firstBurst: BetRequest[] = players.flatMap((player) =>
        ([1, 2] as const).map((slot) => ({
          player,
          room: betting.room,
          slot,
          requestKey: `kill-${player.userId}-${slot}`,
          ...(slot === 2 ? { autoCashoutX100: 150 } : {}),
        })),
      );
      const firstAnswers = firstBurst.map((request) => bet(request));
      await firstAnswerOf(firstAnswers);
      await killNode(node);
      (await Promise.all(firstAnswers)).forEach((answer, index) => {
        if (answer) answeredBets.push({ request: firstBurst[index]!, answer });
      });

      // 2. Restarted on the same database: every bet is retried with its request key, as a client that
      // heard nothing does. A bet that was committed answers itself; one that was not is placed now.
      node = startNode(port);
      await waitHealthy(port);
      const retries = await Promise.all(firstBurst.map((request) => bet(request)));
      retries.forEach((answer, index) => {
        const request = firstBurst[index]!;
        expect(answer, `retry of ${request.requestKey}`).not.toBeNull();
        expect(answer!.res === 1 ? 'placed' : answer!.code).toBe(request.player.isPoor ? 'INSUFFICIENT_BALANCE' : 'placed');
        answeredBets.push({ request, answer: answer! });
      });

      // 3. In another room, every rich player bets and is answered; then in the flight a burst of
      // cash-outs, three per bet, cut by a second kill.
      const flightRoom = await roomInBetting(ALL_ROOMS.filter((room) => room !== betting.room));
      const secondBurst: BetRequest[] = rich.map((player, index) => ({
        player,
        room: flightRoom.room,
        slot: 1,
        requestKey: `flight-${player.userId}`,
        ...(index % 4 === 0 ? { autoCashoutX100: 120 } : {}),
      }));
      const placed = await Promise.all(secondBurst.map((request) => bet(request)));
      const flightBetIds = placed.map((answer, index) => {
        expect(answer?.res, `bet ${secondBurst[index]!.requestKey}: ${answer?.code}`).toBe(1);
        answeredBets.push({ request: secondBurst[index]!, answer: answer! });
        return String(answer!.obj.bet.id);
      });
      for (const startedAtMs = Date.now(); Date.now() - startedAtMs < 15_000; await sleep(20)) {
        const current = await post('/gameroket/getCurrent', { room: flightRoom.room });
        if (current?.obj?.roundId !== flightRoom.roundId || current.obj.phase !== 'betting') break;
      }
      const cashOuts = flightBetIds.flatMap((betId, index) =>
        Array.from({ length: CASH_OUTS_PER_BET }, () => ({ betId, token: secondBurst[index]!.player.token })),
      );
      const cashOutAnswers = cashOuts.map(({ betId, token }) => post('/gameroket/doSettle', { betId }, token));
      await firstAnswerOf(cashOutAnswers);
      await killNode(node);
      (await Promise.all(cashOutAnswers)).forEach((answer, index) => {
        if (answer) answeredCashOuts.push({ betId: cashOuts[index]!.betId, answer });
      });

      // 4. Restarted once more; its clock settles what it can (the flight round after at most the
      // heartbeat record's patience), then the node stops and the database is read as it was left.
      node = startNode(port);
      await waitHealthy(port);
      for (const startedAtMs = Date.now(); Date.now() - startedAtMs < 25_000; await sleep(500)) {
        const history = await post('/gameroket/getUserHistoryByPage', { room: flightRoom.room, pageSize: 1 }, rich[0]!.token);
        if (history?.obj?.list?.[0] && !['open', 'queued'].includes(history.obj.list[0].status)) break;
      }
    } finally {
      const exited = new Promise((resolve) => node.child.once('exit', resolve));
      node.child.kill('SIGTERM');
      await exited;
    }

    const checked = runAdmin(port, 'ledger:check');
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain('sum of all balances: 0.00');

    const db = await openDatabase();
    try {
      const bets = await db.query<{
        id: bigint;
        user_id: number;
        stake_paise: bigint;
        status: string;
        win_paise: bigint;
        request_key: string | null;
      }>('select id, user_id, stake_paise, status, win_paise, request_key from crash_bets order by id');
      const transfers = await db.query<{ idempotency_key: string; amount_paise: bigint; reference: string | null }>(
        "select idempotency_key, amount_paise, reference from ledger_transfers where idempotency_key like 'crash-%'",
      );
      const betById = new Map(bets.map((row) => [String(row.id), row]));
      const transfersOfBet = new Map<string, Array<{ kind: string; amountPaise: bigint }>>();
      for (const transfer of transfers) {
        const [kind, betId] = transfer.idempotency_key.split(':');
        // No money moved for a bet that does not exist (a refused or rolled-back bet left no transfer).
        expect(betById.has(betId!), `${transfer.idempotency_key} names no bet`).toBe(true);
        expect(transfer.reference).toBe(`crash-bet:${betId}`);
        transfersOfBet.set(betId!, [
          ...(transfersOfBet.get(betId!) ?? []),
          { kind: kind!, amountPaise: BigInt(transfer.amount_paise) },
        ]);
      }

      // Each bet's money, exactly once: its stake, and its win, refund or cancel as its status says.
      const expectedKinds: Record<string, string[]> = {
        queued: ['crash-bet'],
        open: ['crash-bet'],
        lost: ['crash-bet'],
        cashed_out: ['crash-bet', 'crash-win'],
        refunded: ['crash-bet', 'crash-refund'],
        cancelled: ['crash-bet', 'crash-cancel'],
      };
      const netOfPlayer = new Map<number, bigint>();
      for (const row of bets) {
        const moved = transfersOfBet.get(String(row.id)) ?? [];
        expect(moved.map((transfer) => transfer.kind).sort(), `transfers of bet ${row.id} (${row.status})`).toEqual(
          expectedKinds[row.status],
        );
        const stakePaise = BigInt(row.stake_paise);
        let netPaise = 0n;
        for (const transfer of moved) {
          expect(transfer.amountPaise).toBe(transfer.kind === 'crash-win' ? BigInt(row.win_paise) : stakePaise);
          netPaise += transfer.kind === 'crash-bet' ? -transfer.amountPaise : transfer.amountPaise;
        }
        netOfPlayer.set(row.user_id, (netOfPlayer.get(row.user_id) ?? 0n) + netPaise);
      }

      // One bet per request key, and every answered bet is there; refused bets left no row.
      const keys = bets.filter((row) => row.request_key !== null).map((row) => `${row.user_id}|${row.request_key}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const { request, answer } of answeredBets.filter((answered) => answered.answer.res === 1)) {
        const row = betById.get(String(answer.obj.bet.id));
        expect(row, `answered bet ${answer.obj.bet.id}`).toBeDefined();
        expect([row!.user_id, row!.request_key]).toEqual([request.player.userId, request.requestKey]);
      }
      const poorIds = new Set(players.filter((player) => player.isPoor).map((player) => player.userId));
      expect(bets.filter((row) => poorIds.has(row.user_id))).toEqual([]);
      expect(answeredBets.filter(({ answer }) => answer.res !== 1 && answer.code !== 'INSUFFICIENT_BALANCE')).toEqual([]);

      // Every answered cash-out holds, at the win it announced.
      for (const { betId, answer } of answeredCashOuts.filter((answered) => answered.answer.res === 1)) {
        const row = betById.get(betId)!;
        expect([row.status, BigInt(row.win_paise)]).toEqual(['cashed_out', paise(answer.obj.winAmount)]);
      }

      // Each player's cash: funded, then moved only by their own bets' transfers, and nothing else.
      for (const player of players) {
        const entries = await db.query<{ idempotency_key: string; amount_paise: bigint }>(
          `select t.idempotency_key, e.amount_paise from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
           where e.account_id = $1`,
          [player.cashAccountId],
        );
        for (const entry of entries) {
          const [kind, betId] = entry.idempotency_key.split(':');
          const isOwn =
            entry.idempotency_key === `fund-cash-${player.userId}` || betById.get(betId ?? '')?.user_id === player.userId;
          expect(isOwn, `${entry.idempotency_key} on the cash of user ${player.userId} (${kind})`).toBe(true);
        }
        const [account] = await db.query<{ balance_paise: bigint }>('select balance_paise from ledger_accounts where id = $1', [
          player.cashAccountId,
        ]);
        const expectedPaise = player.fundedPaise + (netOfPlayer.get(player.userId) ?? 0n);
        expect(BigInt(account!.balance_paise), `cash of user ${player.userId}`).toBe(expectedPaise);
        expect(entries.reduce((sum, entry) => sum + BigInt(entry.amount_paise), 0n)).toBe(expectedPaise);
      }
      // Nothing lost: each rich player's two retried bets and their flight bet, once each.
      for (const player of rich) expect(bets.filter((row) => row.user_id === player.userId)).toHaveLength(3);
    } finally {
      await db.close();
    }
  }, 180_000);
});
