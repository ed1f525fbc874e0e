import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot as root } from '../../test/server-process.ts';

// `npm run admin` and `npm run ledger:check` as an operator types them: the launcher compiles the CLI
// once into node_modules/.cache/mayur-admin and runs it with plain node (scripts/admin-bundle.mjs).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-launcher-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function npmRun(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_ACTOR: 'ci-operator' };
  delete env.DATABASE_URL;
  return spawnSync('npm', ['run', '--silent', ...args], { cwd: root, env, encoding: 'utf8' });
}

describe('the operator CLI launcher', () => {
  it('runs commands from the compiled bundle, with the exit codes of the CLI', () => {
    const checked = npmRun('ledger:check');
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain('ledger OK');
    const bundle = path.join(root, 'node_modules/.cache/mayur-admin/admin.mjs');
    expect(fs.existsSync(bundle)).toBe(true);

    const unknown = npmRun('admin', '--', 'no:such');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run admin -- <command>');
  }, 120_000);
});
