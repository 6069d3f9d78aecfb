import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { nodeMetrics } from './cluster-metrics.ts';
import type { Metrics } from './metrics.ts';

export interface MetricsRouteOptions {
  readonly metrics: Metrics;
  /** METRICS_TOKEN; without one the endpoint does not exist to anyone. */
  readonly token: string | undefined;
}

/** Counts every request of `app` by its route pattern (not its URL, which would make a series per post). */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  metrics.watchSockets(app.server);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer`).
 * Anyone else, and everyone when no token is set, is told there is no such route.
 */
export default async function metricsRoutes(app: FastifyInstance, { metrics, token }: MetricsRouteOptions) {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization;
    if (!expected || typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('route_not_found');
    }
    const text = await nodeMetrics(metrics.registry).catch((error: Error) => {
      request.log.warn({ err: error }, 'node metrics unavailable');
      throw new AppError('service_unavailable');
    });
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return text;
  });
}
