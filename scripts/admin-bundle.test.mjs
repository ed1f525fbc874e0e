import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSourcesFingerprint, isAdminBundleCurrent } from './admin-bundle.mjs';

let root;
const write = (relative, text) => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-admin-bundle-'));
  write('apps/server/src/cli/admin.ts', 'main()');
  write('apps/server/src/cli/admin.test.ts', 'test()');
  write('packages/rules/src/money.ts', 'export const A = 1;');
  write('packages/rules/node_modules/x/index.js', 'x');
  write('apps/web/src/main.tsx', 'render()');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the operator CLI bundle', () => {
  it('stays current until a server or package source changes', () => {
    const built = adminSourcesFingerprint(root);
    write('apps/web/src/main.tsx', 'render(1)');
    write('apps/server/src/cli/admin.test.ts', 'test(1)');
    write('packages/rules/node_modules/x/index.js', 'y');
    expect(adminSourcesFingerprint(root)).toBe(built);

    write('packages/rules/src/money.ts', 'export const A = 22;');
    expect(adminSourcesFingerprint(root)).not.toBe(built);
  });

  it('counts a new and a removed source as changes', () => {
    const before = adminSourcesFingerprint(root);
    write('apps/server/src/platform/new.ts', 'export {}');
    const added = adminSourcesFingerprint(root);
    expect(added).not.toBe(before);
    fs.rmSync(path.join(root, 'apps/server/src/platform/new.ts'));
    fs.rmSync(path.join(root, 'packages/rules/src/money.ts'));
    expect(adminSourcesFingerprint(root)).not.toBe(added);
    expect(adminSourcesFingerprint(root)).not.toBe(before);
  });

  it('is compiled again when the bundle or its fingerprint is missing or differs', () => {
    const cacheDir = path.join(root, 'cache');
    const fingerprint = adminSourcesFingerprint(root);
    expect(isAdminBundleCurrent(cacheDir, fingerprint)).toBe(false);
    write('cache/admin.fingerprint', `${fingerprint}\n`);
    expect(isAdminBundleCurrent(cacheDir, fingerprint)).toBe(false);
    write('cache/admin.mjs', 'export {}');
    expect(isAdminBundleCurrent(cacheDir, fingerprint)).toBe(true);
    expect(isAdminBundleCurrent(cacheDir, 'another')).toBe(false);
  });
});
