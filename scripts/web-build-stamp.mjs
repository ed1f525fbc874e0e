// What decides whether the built web app (apps/web/dist) is current: the SHA-256 of its inputs (the web
// app's sources, the workspace packages it imports, the lockfile and the VITE_* environment), stored in
// dist/.build-stamp after a successful build. Used by scripts/build-web.mjs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files and folders whose content decides the built app, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/src',
  'packages/contracts/package.json',
  'packages/contracts/src',
  'packages/fairness/package.json',
  'packages/fairness/src',
  'packages/rules/package.json',
  'packages/rules/src',
  'package-lock.json',
  // The compressed copies are part of the build.
  'scripts/compress-web.mjs',
];

export const STAMP_FILE = '.build-stamp';

// Tests never reach the bundle, so editing one does not make the build stale.
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function listFiles(root, relative) {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !isTestFile(entry.name))
    .flatMap((entry) => listFiles(root, path.join(relative, entry.name)));
}

/** SHA-256 over every input file's path and content, in a fixed order, and the VITE_* variables. */
export function webSourcesHash(root, env = process.env) {
  const hash = crypto.createHash('sha256');
  const files = WEB_BUILD_INPUTS.flatMap((input) => listFiles(root, input))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/** Whether `distDir` holds a build made from exactly these sources. */
export function isBuildCurrent(distDir, sourcesHash) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return false;
  try {
    return fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8').trim() === sourcesHash;
  } catch {
    return false;
  }
}

export function writeStamp(distDir, sourcesHash) {
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${sourcesHash}\n`);
}
