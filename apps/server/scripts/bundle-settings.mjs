// How the server's TypeScript is compiled into plain JavaScript for node, shared by the production build
// (build.mjs: apps/server/dist) and the operator CLI's launcher (scripts/admin-bundle.mjs).
//
// - ESM for node 20.19; the workspace packages (@mayur/*, TypeScript sources) are compiled in, every
//   npm dependency stays an import resolved from node_modules (native and WebAssembly packages such
//   as @node-rs/argon2 and PGlite load their own files).
// - Files that find their neighbours through `import.meta.dirname` (the migrations folder, the
//   repository root for apps/web/dist and ./data) keep finding them: each use is rewritten to the
//   source file's folder relative to the bundle, so the SQL migrations are read from the checkout
//   they were built from, never copied (one copy, nothing to go stale).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '..');
const packagesDir = path.resolve(serverDir, '../../packages');

function dependencyNames(packageJsonPath) {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
}

/** The npm dependencies of the server and of every workspace package, as esbuild externals. */
function externalDependencies() {
  const manifests = [
    path.join(serverDir, 'package.json'),
    ...readdirSync(packagesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(packagesDir, entry.name, 'package.json')),
  ];
  return [...new Set(manifests.flatMap(dependencyNames))]
    .filter((name) => !name.startsWith('@mayur/'))
    .flatMap((name) => [name, `${name}/*`]);
}

/** `import.meta.dirname` in a source file → that file's folder, seen from the bundle's folder. */
function sourceFolders(outdir) {
  return {
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
}

/** esbuild options for bundles written into `outdir`; the caller adds its entry points and output. */
export function serverBundleSettings(outdir) {
  return {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    external: externalDependencies(),
    plugins: [sourceFolders(outdir)],
    logLevel: 'warning',
  };
}
