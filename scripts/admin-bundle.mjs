// The operator CLI compiled once into one JavaScript file (node_modules/.cache/mayur-admin/admin.mjs),
// so `npm run admin` starts with plain node instead of compiling the server's TypeScript through tsx at
// every call. It is compiled again when its inputs change: the server's and the workspace packages'
// sources, the compile settings and the lockfile. A fingerprint of their
// paths, sizes and modification times, taken before compiling, is kept beside the bundle (an edit made
// during a compile leaves an old fingerprint, so the next call compiles again).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Files and folders the bundle is made from, relative to the repository root. */
export const ADMIN_BUNDLE_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/scripts/bundle-settings.mjs',
  'packages',
  'package-lock.json',
  'scripts/admin-bundle.mjs',
];

const FINGERPRINT_FILE = 'admin.fingerprint';

// Tests never reach the bundle, so editing one does not make it stale.
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

/** SHA-256 over every input file's path, size and modification time (a few milliseconds for ~500 files). */
export function adminSourcesFingerprint(root) {
  const hash = crypto.createHash('sha256');
  const files = ADMIN_BUNDLE_INPUTS.flatMap((input) => listFiles(root, input))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    const stat = fs.statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/** Whether `cacheDir` holds a bundle compiled from exactly these inputs. */
export function isAdminBundleCurrent(cacheDir, fingerprint) {
  try {
    return (
      fs.existsSync(path.join(cacheDir, 'admin.mjs')) &&
      fs.readFileSync(path.join(cacheDir, FINGERPRINT_FILE), 'utf8').trim() === fingerprint
    );
  } catch {
    return false;
  }
}

/** Writes `text` to `file` through a temporary file and a rename, so a concurrent call never reads half of it. */
function replaceFile(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** Compiles apps/server/src/cli/admin.ts into `cacheDir`/admin.mjs and records the inputs' fingerprint. */
export async function compileAdminBundle(root, cacheDir, fingerprint) {
  const [{ build }, { serverBundleSettings }] = await Promise.all([
    import('esbuild'),
    import(pathToFileURL(path.join(root, 'apps/server/scripts/bundle-settings.mjs')).href),
  ]);
  const outfile = path.join(cacheDir, 'admin.mjs');
  const result = await build({
    ...serverBundleSettings(cacheDir),
    entryPoints: [path.join(root, 'apps/server/src/cli/admin.ts')],
    outfile,
    write: false,
  });
  fs.mkdirSync(cacheDir, { recursive: true });
  // The source map before the code that names it; the fingerprint last, once the bundle is complete.
  for (const output of [...result.outputFiles].sort((a, b) => b.path.length - a.path.length)) {
    replaceFile(output.path, output.contents);
  }
  replaceFile(path.join(cacheDir, FINGERPRINT_FILE), `${fingerprint}\n`);
  return outfile;
}

/** The path of a current bundle of the operator CLI, compiled first when its inputs changed. */
export async function ensureAdminBundle(root, cacheDir) {
  const fingerprint = adminSourcesFingerprint(root);
  if (isAdminBundleCurrent(cacheDir, fingerprint)) return path.join(cacheDir, 'admin.mjs');
  return compileAdminBundle(root, cacheDir, fingerprint);
}
