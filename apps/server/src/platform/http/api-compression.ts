import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './register-endpoint.ts';

/** Replies smaller than this are sent as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's replies of 1 KB or more (lists, rounds, histories) with Brotli or gzip, as the
 * client accepts. Register before any route: only routes added afterwards are covered. Other routes are
 * left alone: the web app's files have build-time copies (static-files.ts), and the health check and
 * metrics are small or read by machines. Request bodies are never decompressed, so the payment
 * callbacks check their signatures over exactly the bytes the gateway sent.
 */
export async function registerApiCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX + '/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
