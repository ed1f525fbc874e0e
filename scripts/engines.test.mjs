// `engines` promises a Node version; every installed package must accept it, or `npm ci` warns
// EBADENGINE (content-disposition@3 and cookie@2 once needed Node 22).
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('Node version', () => {
  it('every locked package runs on the oldest Node that engines allows', () => {
    const oldest = semver.minVersion(readJson('package.json').engines.node).version;
    const refusing = Object.entries(readJson('package-lock.json').packages)
      .filter(([, entry]) => entry.engines?.node && !entry.optional)
      .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version} needs node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
