import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressDirectory } from './compress-web.mjs';

let dir;
const write = (relative, content) => {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), content);
};
const exists = (relative) => fs.existsSync(path.join(dir, relative));
const read = (relative) => fs.readFileSync(path.join(dir, relative));
const script = 'export function greet(name) { return `hello ${name}`; }\n'.repeat(200);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-compress-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('compress-web', () => {
  it('writes Brotli and gzip copies that decode to the original, in nested folders too', async () => {
    write('assets/app-abc123.js', script);
    write('index.html', `<!doctype html><title>Mayur</title>${'<p>Mayur</p>'.repeat(200)}`);

    const entries = await compressDirectory(dir);

    expect(entries.map((entry) => entry.file).sort()).toEqual([path.join('assets', 'app-abc123.js'), 'index.html']);
    expect(zlib.brotliDecompressSync(read('assets/app-abc123.js.br')).toString()).toBe(script);
    expect(zlib.gunzipSync(read('assets/app-abc123.js.gz')).toString()).toBe(script);
    expect(exists('index.html.br')).toBe(true);
    expect(exists('index.html.gz')).toBe(true);
    const entry = entries.find((each) => each.file.endsWith('.js'));
    expect(entry.brBytes).toBe(read('assets/app-abc123.js.br').length);
    expect(entry.brBytes).toBeLessThan(entry.gzBytes);
  });

  it('leaves files under 1 KB and files of other kinds alone', async () => {
    write('robots.txt', 'User-agent: *\nAllow: /\n');
    write('icons/icon.png', Buffer.alloc(4096, 7));
    write('assets/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(300)}</svg>`);

    const entries = await compressDirectory(dir);

    expect(entries.map((entry) => entry.file)).toEqual([path.join('assets', 'logo.svg')]);
    expect(exists('robots.txt.br')).toBe(false);
    expect(exists('icons/icon.png.gz')).toBe(false);
  });

  it('keeps no copy that is not smaller than its original, and removes such a copy left by an earlier run', async () => {
    // Random bytes do not compress: every copy comes out larger.
    write('data/random.json', crypto.randomBytes(4096));
    write('data/random.json.gz', 'stale copy of an earlier build');

    const [entry] = await compressDirectory(dir);

    expect(entry).toEqual({ file: path.join('data', 'random.json'), bytes: 4096, brBytes: null, gzBytes: null });
    expect(exists('data/random.json.br')).toBe(false);
    expect(exists('data/random.json.gz')).toBe(false);
  });
});
