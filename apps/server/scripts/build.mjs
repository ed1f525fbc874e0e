// Compiles the server ahead of time into apps/server/dist, so production starts it with plain `node`
// (`node apps/server/dist/main.js`) instead of compiling TypeScript at every start through tsx.
//
// - One ESM bundle per entry point (the server and the operator CLI) with shared chunks; the
//   workspace packages (@mayur/contracts, @mayur/fairness, TypeScript sources) are compiled in, every
//   npm dependency stays an import resolved from node_modules (native and WebAssembly packages such
//   as @node-rs/argon2 and PGlite load their own files).
// - Files that find their neighbours through `import.meta.dirname` (the migrations folder, the
//   repository root for apps/web/dist and ./data) keep finding them: each use is rewritten to the
//   source file's folder relative to the bundle, so the SQL migrations are read from the checkout
//   they were built from, never copied (one copy, nothing to go stale).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
// `--outdir <folder>` builds elsewhere (the build's own test builds into a temporary folder).
const outdirArgument = process.argv.indexOf('--outdir');
const outdir = path.resolve(outdirArgument === -1 ? path.join(serverDir, 'dist') : process.argv[outdirArgument + 1]);

function dependencyNames(packageJsonPath) {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
}

const workspacePackages = ['@mayur/contracts', '@mayur/fairness'];
const external = [
  ...new Set([
    ...dependencyNames(path.join(serverDir, 'package.json')),
    ...dependencyNames(path.join(serverDir, '../../packages/contracts/package.json')),
    ...dependencyNames(path.join(serverDir, '../../packages/fairness/package.json')),
  ]),
]
  .filter((name) => !workspacePackages.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

/** `import.meta.dirname` in a source file → that file's folder, seen from the bundle's folder. */
const sourceFolders = {
  name: 'source-folders',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`),
        loader: 'ts',
      };
    });
  },
};

const startedAtMs = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: path.join(serverDir, 'src/main.ts'), admin: path.join(serverDir, 'src/cli/admin.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  external,
  plugins: [sourceFolders],
  logLevel: 'warning',
  metafile: true,
});
writeFileSync(
  path.join(outdir, 'BUILD.json'),
  JSON.stringify({ builtAt: new Date().toISOString(), files: Object.keys(result.metafile.outputs).length }, null, 2),
);
console.log(`server compiled into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - startedAtMs} ms`);
