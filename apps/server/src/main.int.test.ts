import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './platform/db/pglite.ts';
import { HEARTBEAT_RECORD_FINAL_MS, HEARTBEAT_TOLERANCE_MS } from './platform/heartbeat.ts';
import { repositoryRoot as root, startServerProcess, waitHealthy } from '../test/server-process.ts';
import { subscribedSocket } from '../test/platform-sockets.ts';

// The real entry point as `npm start` runs it: embedded database in a data folder, then SIGTERM.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startMain(port: number) {
  // As `npm start` runs it: the game clock on (Vitest's NODE_ENV=test would turn it off).
  return startServerProcess({ PORT: String(port), DATA_DIR: dataDir, GAME_CLOCK: 'true' }, ['DATABASE_URL', 'REDIS_URL']);
}

/** The operator CLI as an operator runs it, against this test's embedded data folder and port. */
function runAdmin(port: number, ...args: string[]) {
  return runAdminAs('ci-operator', port, ...args);
}

/** Signals the process and resolves with its exit code once it has exited. */
function stopMain(server: ReturnType<typeof startMain>, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  return exited;
}

/** `ledger:check` run by an operator passes, and all balances sum to nothing. */
function expectLedgerCheckPasses(port: number) {
  const checked = runAdmin(port, 'ledger:check');
  expect(checked.status).toBe(0);
  expect(checked.stdout).toContain('sum of all balances: 0.00');
}

function runAdminAs(actor: string, port: number, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_ACTOR: actor };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
}

describe('the server process', () => {
  it('keeps its data in DATA_DIR across restarts and stops cleanly on SIGTERM', async () => {
    const port = 18_000 + Math.floor(Math.random() * 2_000);
    const first = startMain(port);
    expect(await waitHealthy(port)).toEqual({ status: 'ok', db: 'pglite' });
    const changed = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mobile=9000000001&password=Demo%4012345',
    });
    const { obj } = (await changed.json()) as { obj: { token: string } };
    await fetch(`http://127.0.0.1:${port}/api/user/changeNick`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: obj.token },
      body: JSON.stringify({ nickName: 'Kept Across Restarts' }),
    });
    expect(await stopMain(first)).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const second = startMain(port);
    try {
      await waitHealthy(port);
      const info = await fetch(`http://127.0.0.1:${port}/api/user/findUserInfo`, {
        method: 'POST',
        headers: { authorization: obj.token },
      });
      expect(((await info.json()) as { obj: { nickName: string } }).obj.nickName).toBe('Kept Across Restarts');
      expect(second.output()).not.toContain('demo content seeded');
    } finally {
      await stopMain(second);
    }
  }, 90_000);

  it('lets the operator CLI work while the server holds the embedded database, and after it stops', async () => {
    const port = 20_000 + Math.floor(Math.random() * 2_000);
    const server = startMain(port);
    const admin = (...args: string[]) => runAdmin(port, ...args);
    try {
      await waitHealthy(port);
      // The accept queue holds a round's burst of new connections (main.ts: 4,096, capped by the
      // kernel's somaxconn); `ss` shows a listening socket's backlog as its Send-Q. Node's default is 511.
      const somaxconn = Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      const listening = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
        .stdout.trim()
        .split(/\s+/);
      expect(Number(listening[2])).toBe(Math.min(4_096, somaxconn));
      const credited = admin('user:adjust', '--user', '9000000001', '--amount', '250.75', '--reason', 'CLI test credit');
      expect(credited.status).toBe(0);
      expect(credited.stdout).toContain('credited ₹250.75');
      const created = admin('gift:create', '--amount', '50', '--uses', '1', '--to', 'cash');
      expect(created.status).toBe(0);
      const code = created.stdout.trim().split('\n').at(-1)!;
      expect(code).toMatch(/^[A-Z0-9]{10}$/);
      // A cash code waits for a second, different approver before anybody can redeem it.
      expect(created.stdout).toContain('waits for a second, different approver');
      expect(admin('gift:approve', '--code', code).stderr).toContain('APPROVAL_ALREADY_GIVEN');
      const approved = runAdminAs('ci-checker', port, 'gift:approve', '--code', code);
      expect(approved.status, approved.stdout).toBe(0);

      const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '9000000001', password: 'Demo@12345' }),
      });
      const { token } = ((await login.json()) as { obj: { token: string } }).obj;
      const redeemed = await fetch(`http://127.0.0.1:${port}/api/cash/redeemGift`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ code }),
      });
      expect(((await redeemed.json()) as { obj: { balance: string } }).obj.balance).toBe('300.75');

      const overdraw = admin('user:adjust', '--user', 'demo@mayur.local', '--amount', '-1000', '--reason', 'too much');
      expect(overdraw.status).toBe(1);
      expect(overdraw.stderr).toContain('INSUFFICIENT_BALANCE');
      expectLedgerCheckPasses(port);
    } finally {
      await stopMain(server);
    }
    const shown = admin('user:show', '--user', '9000000001');
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('cash ₹300.75, bonus ₹0.00');
    expect(admin('ledger:check').status).toBe(0);
    expect(admin('no:such').status).toBe(2);
  }, 120_000);

  it('voids the round in flight when the process is killed: every crash bet paid or refunded exactly once', async () => {
    const port = 22_000 + Math.floor(Math.random() * 2_000);
    const admin = (...args: string[]) => runAdmin(port, ...args);
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { res: number; obj: any; code?: string };
    };
    const paise = (text: string) => BigInt(text.replace('.', ''));
    const limboSocket = () => subscribedSocket(port, '/crash', 'limbo');
    const pushed = <T>(socket: Socket, event: string) =>
      new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

    let server = startMain(port);
    try {
      await waitHealthy(port);
      expect(admin('user:adjust', '--user', '9000000001', '--amount', '100', '--reason', 'crash restart test').status).toBe(0);
      const { token } = (await post('/user/login', { mobile: '9000000001', password: 'Demo@12345' })).obj;
      // A round that crashes within a few seconds of the kill may count as served (the heartbeat's tolerance):
      // then the round is settled normally and the test tries the next one.
      for (let attempt = 1; ; attempt++) {
        const startCash = paise((await post('/user/balance', {}, token)).obj.balance);
        const socket = await limboSocket();
        // Bet at the start of the next round's betting, then kill the process the moment the round flies.
        const opened = await pushed<{ roundId: string }>(socket, 'round');
        const plain = await post('/gameroket/pour', { room: 'limbo', amount: '10', slot: 1 }, token);
        const auto = await post('/gameroket/pour', { room: 'limbo', amount: '10', slot: 2, autoCashoutX100: 101 }, token);
        expect([plain.obj.bet, auto.obj.bet]).toMatchObject([
          { status: 'open', roundId: opened.roundId },
          { status: 'open', roundId: opened.roundId },
        ]);
        await pushed(socket, 'flying');
        const killedAtMs = Date.now();
        await stopMain(server, 'SIGKILL');
        socket.disconnect();

        // With the process dead, the data folder is free: read the round as the killed process left it.
        const embedded = await openPglite(dataDir);
        const [round] = await embedded.query<{ state: string; crash_at: Date }>(
          'select state, crash_at from crash_rounds where id = $1',
          [opened.roundId],
        );
        // The killed process's last recorded beat: the round is void when its crash came later than that
        // beat plus the tolerance (the beat can be up to a second before the kill, so the moment of the
        // kill alone cannot tell a round that crashed 2–4 s after it).
        const [lastBeat] = await embedded.query<{ at: Date }>('select max(last_beat_at) as at from node_heartbeats');
        await embedded.close();
        const isVoid = round!.state === 'live' && round!.crash_at.getTime() > lastBeat!.at.getTime() + HEARTBEAT_TOLERANCE_MS;
        // Dead for longer than the heartbeat tolerance: a real outage, not slowness.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, killedAtMs + HEARTBEAT_TOLERANCE_MS + 1_000 - Date.now())),
        );

        server = startMain(port);
        await waitHealthy(port);
        let bets: any[] = [];
        const deadline = round!.crash_at.getTime() + HEARTBEAT_RECORD_FINAL_MS + 30_000;
        while (Date.now() < deadline) {
          bets = (await post('/gameroket/getUserHistoryByPage', { room: 'limbo', pageSize: 2 }, token)).obj.list;
          if (bets.every((bet) => !['open', 'queued'].includes(bet.status))) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(bets.map((bet) => bet.id)).toEqual([auto.obj.bet.id, plain.obj.bet.id]);
        // The money matches the outcomes exactly: stakes out, refunds and wins in, each once.
        let expected = startCash - 2_000n;
        for (const bet of bets) expected += (bet.status === 'refunded' ? 1_000n : 0n) + paise(bet.winAmount);
        expect(paise((await post('/user/balance', {}, token)).obj.balance)).toBe(expected);
        if (isVoid) {
          expect(bets.map((bet) => [bet.slot, bet.status, bet.winAmount])).toEqual([
            [2, 'cashed_out', '10.10'],
            [1, 'refunded', '0.00'],
          ]);
          const history = (await post('/gameroket/getHistoryByPage', { room: 'limbo', pageSize: 20 })).obj.list;
          expect(history.find((entry: any) => entry.roundId === opened.roundId)).toMatchObject({ wasInterrupted: true });
          break;
        }
        for (const bet of bets) expect(['cashed_out', 'lost']).toContain(bet.status);
        expect(attempt).toBeLessThan(4);
      }
      expectLedgerCheckPasses(port);
    } finally {
      await stopMain(server);
    }
    expect(admin('ledger:check').status).toBe(0);
  }, 600_000);
});
