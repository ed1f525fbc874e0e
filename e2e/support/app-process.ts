import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';

// End-to-end tests run the real server process (`apps/server/src/main.ts`) serving the built web app,
// exactly as `npm start` does: on an embedded PGlite in a temporary data folder by default, or on a
// fresh database of the PostgreSQL in DATABASE_URL (dropped afterwards), with Redis when REDIS_URL is set.

const root = path.resolve(import.meta.dirname, '../..');

export type AppProcess = {
  baseUrl: string;
  /** Runs an operator command (`npm run admin -- …`) against this app's database, as an operator would. */
  admin(...args: string[]): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** Starts the server process; `settings` are extra environment variables (operator settings) for this app. */
export async function startApp(settings: NodeJS.ProcessEnv = {}): Promise<AppProcess> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first (npm test does)');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // Twelve rooms generate their chains at first start; short ones keep that quick.
    LOTTERY_CHAIN_LENGTH: '1000',
    // Its own Redis keys and socket channels when REDIS_URL is shared: no counter or push of another
    // test file's app reaches this one.
    DEPLOYMENT_NAME: `mayur-e2e-${port}`,
    ...settings,
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'mayur_e2e');
    env.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    admin(...args: string[]) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
        cwd: root,
        env: { ...env, ADMIN_ACTOR: 'e2e-operator' },
        encoding: 'utf8',
      });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
