import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The real entry point (`apps/server/src/main.ts`) as a child process, for the tests that kill,
// restart or starve it. Output is kept so a failing assertion can show the server's own log.

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = { child: ChildProcess; output(): string };

/** Starts main.ts with the given settings on top of this process's environment (minus `unset`). */
export function startServerProcess(settings: NodeJS.ProcessEnv, unset: readonly string[] = []): ServerProcess {
  // Short chains: a fresh database commits every room's chain before it serves, and 1,000 seeds a room
  // are plenty for a test (the e2e app process uses the same).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    LOTTERY_CHAIN_LENGTH: '1000',
    ...settings,
  };
  for (const name of unset) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Resolves with /healthz's body once the server on `port` answers, or throws after about `limitMs`. */
export async function waitHealthy(port: number, limitMs = 40_000): Promise<unknown> {
  for (const startedAtMs = Date.now(); Date.now() - startedAtMs < limitMs;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return response.json();
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server never became healthy');
}
