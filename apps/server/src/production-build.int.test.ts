import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot as root, waitHealthy } from '../test/server-process.ts';

// The production build (decision 0027): the server compiled ahead of time and started with plain
// `node`, no tsx. Built into a folder of its own under apps/server/node_modules, so npm dependencies
// resolve as they do from apps/server/dist and a developer's dist is left alone.
const outdir = path.join(root, 'apps/server/node_modules/.cache', `mayur-build-test-${process.pid}-${Date.now()}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-built-'));
afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const CODE_SECRET = 'built-code-secret-'.padEnd(40, 'x');
const PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  CODE_SECRET,
  PAYMENT_GATEWAY: 'gateway-hmac',
  GATEWAY_URL: 'http://127.0.0.1:9',
  GATEWAY_MERCHANT_ID: 'merchant',
  GATEWAY_SECRET: 'built-gateway-secret-'.padEnd(40, 'g'),
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  // Short hash chains: the server commits one per room before it serves, and chains are not what this tests.
  LOTTERY_CHAIN_LENGTH: '100',
};

function environment(settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...settings };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

describe('the production build', () => {
  it('compiles the server and the CLI, starts with plain node, prints its settings without secrets and applies the migrations', async () => {
    const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', '--outdir', outdir], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(fs.existsSync(path.join(outdir, 'main.js'))).toBe(true);
    const compiled = fs.readdirSync(outdir).filter((file) => file.endsWith('.js'));
    for (const file of compiled) expect(fs.readFileSync(path.join(outdir, file), 'utf8')).not.toMatch(/from ["'](tsx|@mayur\/)/);

    const port = 21_000 + Math.floor(Math.random() * 2_000);
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: os.tmpdir(),
      env: environment({ ...PRODUCTION, PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      expect(await waitHealthy(port)).toEqual({ status: 'ok', db: 'pglite' });
      const settingsLine = output.split('\n').find((line) => line.includes('settings (secrets redacted)'));
      expect(settingsLine, output).toBeDefined();
      const settings = JSON.parse(settingsLine!).settings;
      expect(settings).toMatchObject({ env: 'production', codeSecret: '[redacted]', port });
      expect(output).not.toContain(CODE_SECRET);
      // The migrations were found from the compiled files: a login is answered from the users table (no demo seed, so refused).
      const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '9000000001', password: 'Demo@12345' }),
      });
      expect(response.status).toBeLessThan(500);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }

    const check = spawnSync(process.execPath, [path.join(outdir, 'admin.js'), 'ledger:check'], {
      cwd: os.tmpdir(),
      env: environment(PRODUCTION),
      encoding: 'utf8',
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  }, 90_000);

  it('refuses to start in production with the demo seed, and says why', () => {
    const refused = spawnSync(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: os.tmpdir(),
      env: environment({ ...PRODUCTION, PORT: '0', SEED_DEMO: 'true' }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/SEED_DEMO is not allowed in production/);
  });
});
