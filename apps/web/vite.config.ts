import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { DIRECT_SCREEN_FILES_ID, DIRECT_SCREENS, type DirectScreen, type DirectScreenFiles } from './src/app/direct-screens.ts';

const SERVER_ORIGIN = 'http://localhost:8080';

/** The module the entry script (src/main.tsx) imports to start the app; it and everything it imports are preloaded. */
const APP_START_MODULE = '/src/app/start-app.tsx';
const ENTRY_MODULE = '/src/main.tsx';
/** Loaded with every screen but home (src/app/load-query-scope.ts), so preloaded with each direct screen. */
const QUERY_SCOPE_MODULE = '/src/app/query-scope.tsx';

/** Every module reachable from `root` through static imports. */
function staticGraph(root: string, importedIdsOf: (id: string) => readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...importedIdsOf(id));
  }
  return reached;
}

/**
 * The entry script only starts the app's code with a dynamic import, so that it can begin fetching the
 * player's translations first (see src/main.tsx). This plugin keeps that code in one chunk and has the
 * browser fetch it together with the entry script:
 * - everything the start module imports statically (React, the router, i18next, the layouts, home) goes
 *   into one `start-app` chunk, except the entry script's own few modules, so the entry never waits for
 *   it; screens loaded later import what they share with home from there;
 * - index.html gets `<link rel="modulepreload">` for that chunk and a preload for its styles (Vite
 *   preloads only what an entry imports statically);
 * - index.html lists the files of each directly opened screen (src/app/direct-screens.ts), which the
 *   entry script preloads when the first page is one of them, and the start's own files before them:
 *   the server sends both as a `Link` header with such a page (apps/server/src/platform/http/static-files.ts).
 */
function preloadAppStart(): Plugin {
  let base = '/';
  const startGraph = new Set<string>();
  return {
    name: 'mayur:preload-app-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => id.endsWith(ENTRY_MODULE));
      const start = ids.find((id) => id.endsWith(APP_START_MODULE));
      if (!entry || !start) throw new Error(`${ENTRY_MODULE} must import ${APP_START_MODULE} dynamically`);
      const importedIdsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const entryGraph = staticGraph(entry, importedIdsOf);
      startGraph.clear();
      for (const id of staticGraph(start, importedIdsOf)) if (!entryGraph.has(id)) startGraph.add(id);
      // Translations arrive per locale and namespace on demand (src/shared/i18n/load-namespace.ts); one
      // imported statically would put that locale into every player's first download.
      const bundledLocale = [...entryGraph, ...startGraph].find((id) => /\/locales\/[^/]+\/[^/]+\.json$/.test(id));
      if (bundledLocale) throw new Error(`${bundledLocale} is imported statically; load it through load-namespace.ts`);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: 'start-libraries',
              test: (id: string) => startGraph.has(id) && id.includes('/node_modules/'),
              includeDependenciesRecursively: false,
            },
            { name: 'start-app', test: (id: string) => startGraph.has(id), includeDependenciesRecursively: false },
          ],
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entryFiles = new Set([context.chunk?.fileName, ...(context.chunk?.imports ?? [])]);
        /** A chunk's files with everything it imports statically, less those already loaded. */
        const filesOf = (root: Rollup.OutputChunk, loaded: ReadonlySet<string | undefined>) => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (chunk: Rollup.OutputChunk) => {
            if (loaded.has(chunk.fileName) || scripts.has(chunk.fileName)) return;
            scripts.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
            for (const imported of chunk.imports) {
              const next = byFile.get(imported);
              if (next) visit(next);
            }
          };
          visit(root);
          return { scripts, styles };
        };
        const dynamicChunkOf = (module: string) => {
          const chunk = chunks.find((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`${module} is not a lazily loaded chunk`);
          return chunk;
        };

        // The start module is captured into the `start-app` group, so that chunk carries the group's name.
        const startChunk = chunks.find((chunk) => chunk.name === 'start-app');
        if (!startChunk) throw new Error(`no start-app chunk for ${APP_START_MODULE}`);
        const start = filesOf(startChunk, entryFiles);
        const tags: HtmlTagDescriptor[] = [
          // Fetched now but applied by Vite's loader when the start module is imported, which waits for
          // them before the app renders: a stylesheet link would block the browser's first paint for
          // nothing, as the page has no content before the app renders.
          ...[...start.styles].map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          ...[...start.scripts].map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
        ];

        // Per path of a directly opened screen, the files it needs beyond the start: read by the entry
        // script (src/app/first-route-hints.ts), and by the server with the start's files, in the order
        // the page asks for them, to send them all as a Link header. A JSON block is data, not a script,
        // so the strict Content-Security-Policy (script-src 'self') does not apply to it.
        const startFiles = new Set<string | undefined>([...entryFiles, ...start.scripts]);
        const startStyles = new Set([...start.styles, ...(context.chunk?.viteMetadata?.importedCss ?? [])]);
        const queryScope = filesOf(dynamicChunkOf(QUERY_SCOPE_MODULE), startFiles);
        const filesByPath: Record<string, string[]> = {};
        for (const screen of Object.values<DirectScreen>(DIRECT_SCREENS)) {
          const files = filesOf(dynamicChunkOf(`/src/${screen.module}`), startFiles);
          const styles = new Set([...files.styles, ...queryScope.styles].filter((file) => !startStyles.has(file)));
          const list = [...styles, ...new Set([...files.scripts, ...queryScope.scripts])];
          for (const path of screen.paths) filesByPath[path] = list.map((file) => `${base}${file}`);
        }
        const startList = [
          ...(context.chunk?.viteMetadata?.importedCss ?? []),
          ...[...entryFiles].filter((file): file is string => file !== undefined),
          ...start.styles,
          ...start.scripts,
        ].map((file) => `${base}${file}`);
        const directScreenFiles: DirectScreenFiles = { start: startList, screens: filesByPath };
        tags.push({
          tag: 'script',
          attrs: { type: 'application/json', id: DIRECT_SCREEN_FILES_ID },
          children: JSON.stringify(directScreenFiles),
          injectTo: 'head',
        });
        return tags;
      },
    },
  };
}

/**
 * The player app runs on Preact's React compatibility layer rather than React DOM: the libraries every
 * first paint waits for are about 55 kB (gzip) smaller, and a cheap phone spends that much less time
 * evaluating them (decision 0019). The code and its libraries (React Router, TanStack Query,
 * react-i18next, sonner, Embla) still import `react`; these aliases send them to `preact/compat`. The
 * types stay React's (@types/react). The operator console (apps/admin) stays on React.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  // React's Fast Refresh cannot update Preact components, so in development an edited module reloads
  // the page instead.
  plugins: [react({ refreshExclude: /./ }), preloadAppStart()],
  resolve: { alias: PREACT_ALIASES },
  server: {
    proxy: {
      '/api': SERVER_ORIGIN,
      '/dev': SERVER_ORIGIN,
      '/download': SERVER_ORIGIN,
      '/socket.io': { target: SERVER_ORIGIN, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': SERVER_ORIGIN,
      '/dev': SERVER_ORIGIN,
      '/download': SERVER_ORIGIN,
      '/socket.io': { target: SERVER_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Small SVGs would otherwise be inlined into the JavaScript as data URLs and count against the
    // home route's script budget; as files they load in parallel and are cached on their own.
    assetsInlineLimit: 0,
    manifest: true,
  },
});
