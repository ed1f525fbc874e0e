import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER_ORIGIN = 'http://localhost:8080';

/**
 * The home route has a budget of 130 KB of gzipped JavaScript (DESIGN.md §10), so the web bundle may
 * only use the dependency-free parts of the contracts at runtime; zod and the schema index are for
 * types. Type-only imports are erased before resolution, so anything reaching this hook is a runtime
 * import and fails the build.
 */
function forbidRuntimeSchemas(): Plugin {
  return {
    name: 'mayur:forbid-runtime-schemas',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.includes('/node_modules/')) return null;
      if (
        source === 'zod' ||
        source === '@mayur/contracts' ||
        /contracts\/src\/(index|endpoints|users|notices|fields)\.ts$/.test(source)
      ) {
        throw new Error(
          `${importer} imports ${source} at runtime; use "import type" or '@mayur/contracts/errors' | '@mayur/contracts/money'`,
        );
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [forbidRuntimeSchemas(), react()],
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
