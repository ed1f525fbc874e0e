// Compiles the server ahead of time into apps/server/dist, so production starts it with plain `node`
// (`node apps/server/dist/main.js`) instead of compiling TypeScript at every start through tsx.
// One ESM bundle per entry point (the server and the operator CLI) with shared chunks, compiled as
// bundle-settings.mjs says (workspace packages compiled in, npm dependencies imported, migrations read
// from the checkout).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundleSettings, serverDir } from './bundle-settings.mjs';

// `--outdir <folder>` builds elsewhere (the build's own test builds into a temporary folder).
const outdirArgument = process.argv.indexOf('--outdir');
const outdir = path.resolve(outdirArgument === -1 ? path.join(serverDir, 'dist') : process.argv[outdirArgument + 1]);

const startedAtMs = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  ...serverBundleSettings(outdir),
  entryPoints: { main: path.join(serverDir, 'src/main.ts'), admin: path.join(serverDir, 'src/cli/admin.ts') },
  outdir,
  splitting: true,
  metafile: true,
});
writeFileSync(
  path.join(outdir, 'BUILD.json'),
  JSON.stringify({ builtAt: new Date().toISOString(), files: Object.keys(result.metafile.outputs).length }, null, 2),
);
console.log(`server compiled into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - startedAtMs} ms`);
