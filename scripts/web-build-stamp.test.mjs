import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, webSourcesHash, writeStamp } from './web-build-stamp.mjs';

let root;
const write = (relative, text) => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-stamp-'));
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/main.test.tsx', 'test()');
  write('packages/rules/src/errors.ts', 'export const A = 1;');
  write('apps/server/src/main.ts', 'listen()');
  write('apps/web/dist/index.html', '<html></html>');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('web build stamp', () => {
  it('keeps a build current until a web or contracts source changes', () => {
    const distDir = path.join(root, 'apps/web/dist');
    const built = webSourcesHash(root, {});
    writeStamp(distDir, built);
    expect(isBuildCurrent(distDir, webSourcesHash(root, {}))).toBe(true);

    write('apps/server/src/main.ts', 'listen(1)');
    write('apps/web/src/main.test.tsx', 'test(1)');
    expect(isBuildCurrent(distDir, webSourcesHash(root, {}))).toBe(true);

    write('packages/rules/src/errors.ts', 'export const A = 2;');
    expect(isBuildCurrent(distDir, webSourcesHash(root, {}))).toBe(false);
  });

  it('counts a new file, a VITE_ variable and a missing build as changes', () => {
    const distDir = path.join(root, 'apps/web/dist');
    const before = webSourcesHash(root, {});
    write('apps/web/src/new.ts', '');
    expect(webSourcesHash(root, {})).not.toBe(before);
    expect(webSourcesHash(root, { VITE_API: '/x' })).not.toBe(webSourcesHash(root, {}));

    writeStamp(distDir, webSourcesHash(root, {}));
    fs.rmSync(path.join(distDir, 'index.html'));
    expect(isBuildCurrent(distDir, webSourcesHash(root, {}))).toBe(false);
  });
});
