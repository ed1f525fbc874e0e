// Builds the web app (apps/web/dist) only when its inputs changed since the last build, so `npm start`
// is quick after the first run (see web-build-stamp.mjs), then writes the Brotli and gzip copies the
// server sends (compress-web.mjs). `--force` (what `npm run build` passes) always builds and refreshes
// the stamp.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compressDirectory } from './compress-web.mjs';
import { isBuildCurrent, webSourcesHash, writeStamp } from './web-build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/web/dist');

// The operator console (apps/admin) is built too: always by `npm run build`, and by `npm start` when it
// has never been built.
if (process.argv.includes('--force') || !fs.existsSync(path.join(root, 'apps/admin/dist/index.html'))) {
  const admin = spawnSync('npm', ['run', '--silent', 'build', '-w', '@mayur/admin'], { cwd: root, stdio: 'inherit' });
  if (admin.status !== 0) process.exit(admin.status || 1);
}

const started = Date.now();
// Hashed before building: a source edited during the build leaves an old stamp, so the next run rebuilds.
const sourcesHash = webSourcesHash(root);
if (!process.argv.includes('--force') && isBuildCurrent(distDir, sourcesHash)) {
  console.log(`web app is up to date (apps/web/dist, sources unchanged; checked in ${Date.now() - started} ms)`);
  process.exit(0);
}
const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@mayur/web'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status || 1);
const compressedAt = Date.now();
const compressed = await compressDirectory(distDir);
console.log(`wrote Brotli and gzip copies of ${compressed.length} text assets (${Date.now() - compressedAt} ms)`);
// Last, so that an interrupted build or compression leaves no stamp and the next run builds again.
writeStamp(distDir, sourcesHash);
