// Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text asset of the built web app,
// `app.js` → `app.js.br` and `app.js.gz`, so that the server sends compressed bytes without compressing
// on each request (apps/server/src/platform/http/static-files.ts). Compressing once at build time
// affords the slowest, smallest settings. A file under 1 KB gains too little to be worth a second
// request path, and a copy that is not smaller than its original is not kept.
//
//   node scripts/compress-web.mjs [dir]      # default apps/web/dist; scripts/build-web.mjs runs it
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const COMPRESSIBLE_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml'];
export const MIN_COMPRESSIBLE_BYTES = 1024;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const ENCODERS = [
  {
    extension: '.br',
    encode: (content) =>
      brotliCompress(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  { extension: '.gz', encode: (content) => gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }) },
];

function listFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** Whether `file` is an original worth a compressed copy (by its name and size, not yet its content). */
export function isCompressible(file, sizeBytes) {
  return COMPRESSIBLE_EXTENSIONS.includes(path.extname(file).toLowerCase()) && sizeBytes >= MIN_COMPRESSIBLE_BYTES;
}

/**
 * Compresses every compressible file under `dir` (the copies of an earlier run are replaced or, when
 * no longer smaller, removed). Returns one entry per original: its size and the sizes of the copies
 * kept (null when not kept).
 */
export async function compressDirectory(dir) {
  const originals = listFiles(dir).filter((file) => isCompressible(file, fs.statSync(file).size));
  return Promise.all(
    originals.map(async (file) => {
      const content = fs.readFileSync(file);
      const entry = { file: path.relative(dir, file), bytes: content.length, brBytes: null, gzBytes: null };
      for (const { extension, encode } of ENCODERS) {
        const copy = await encode(content);
        const copyPath = file + extension;
        if (copy.length < content.length) {
          fs.writeFileSync(copyPath, copy);
          entry[extension === '.br' ? 'brBytes' : 'gzBytes'] = copy.length;
        } else {
          fs.rmSync(copyPath, { force: true });
        }
      }
      return entry;
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
  const startedMs = Date.now();
  const entries = await compressDirectory(dir);
  const total = (key) => entries.reduce((sum, entry) => sum + (entry[key] ?? entry.bytes), 0);
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `compressed ${entries.length} text assets in ${path.relative(process.cwd(), dir) || '.'}: ${kB(total('bytes'))} → ` +
      `${kB(total('brBytes'))} brotli, ${kB(total('gzBytes'))} gzip (${Date.now() - startedMs} ms)`,
  );
}
