import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { refusal } from './http/envelope.ts';

export type Metrics = { registry: Registry; httpRequests: Counter; httpDuration: Histogram };

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'mayur_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'mayur_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return { registry, httpRequests, httpDuration };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * `GET /metrics` for Prometheus. With a token, only a scraper presenting `Authorization: Bearer <token>`
 * is answered; without one the route exists only outside production, where nothing is public anyway.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; isProduction: boolean },
) {
  const { token } = access;
  if (!token && access.isProduction) return;
  app.get('/metrics', async (request, reply) => {
    if (token) {
      const presented = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      // Digests have one length, so the comparison takes the same time whatever was presented.
      if (!timingSafeEqual(digest(presented), digest(token))) return reply.code(401).send(refusal('UNAUTHORIZED'));
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
