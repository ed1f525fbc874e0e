import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chainedRooms } from './modules/fairness/prepare-chains.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

// "Mayur is serving" is what a deployment waits for before it sends traffic: the work a fresh embedded
// database needs (migrations, the demo seed, a hash chain per room) is done before the line, never on
// the server's one thread after it, where it held every request for seconds.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-start-up-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const byName = (a: string, b: string) => a.localeCompare(b);

type LogLine = { msg?: string; rooms?: string[] };

function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The server's log up to and including the serving line, once it is written (a fresh start on a busy machine is slow). */
async function untilServing(server: ServerProcess, limitMs: number): Promise<LogLine[]> {
  for (const startedAtMs = Date.now(); Date.now() - startedAtMs < limitMs;) {
    const lines = logLines(server.output().slice(0, server.output().lastIndexOf('\n') + 1));
    const serving = lines.findIndex((line) => line.msg?.startsWith('Mayur is serving'));
    if (serving >= 0) return lines.slice(0, serving + 1);
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server never said it was serving:\n${server.output()}`);
}

describe('the server starting on a fresh embedded database', () => {
  it('says it is serving only once every room has its hash chain and the demo is seeded', async () => {
    const port = 24_000 + Math.floor(Math.random() * 2_000);
    const server = startServerProcess(
      // Chains as short as the settings allow keep the test quick; what counts is when they are made.
      { PORT: String(port), DATA_DIR: dataDir, GAME_CLOCK: 'true', LOTTERY_CHAIN_LENGTH: '10' },
      ['DATABASE_URL', 'REDIS_URL'],
    );
    try {
      const beforeServing = await untilServing(server, 240_000);
      expect(beforeServing.map((line) => line.msg)).toContain('demo content seeded');
      const committed = beforeServing.filter((line) => line.msg === 'hash chains committed').flatMap((line) => line.rooms ?? []);
      expect(committed.sort(byName)).toEqual(
        chainedRooms()
          .map((entry) => entry.room)
          .sort(byName),
      );
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
    } finally {
      if (server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
    }
  }, 300_000);
});
