import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
