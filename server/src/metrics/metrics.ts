import type { Server } from 'node:http';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { joinNodeMetrics } from './cluster-metrics.ts';

/**
 * The process's Prometheus figures (`GET /metrics`, metrics.routes.ts): HTTP requests, background jobs, the
 * job queue, websockets and the database pool, plus Node's own (memory, event loop lag, GC). One registry per
 * process, made by the container; the worker counts its jobs into it, the app its requests and sockets.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'velvet_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'velvet_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobs = new Counter({
    name: 'velvet_jobs_total',
    help: 'Background jobs run by this process, by task and outcome (success, error: to be retried, failed: no attempts left).',
    labelNames: ['task', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: 'velvet_job_duration_seconds',
    help: 'Time a background job ran, by task.',
    labelNames: ['task'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [this.registry],
  });
  readonly #openSockets = new Gauge({
    name: 'velvet_websockets_open',
    help: 'Websocket connections open on this node.',
    registers: [this.registry],
  });
  readonly #socketsOpened = new Counter({
    name: 'velvet_websockets_opened_total',
    help: 'Websocket upgrades accepted by this node.',
    registers: [this.registry],
  });

  constructor(pool: pg.Pool) {
    collectDefaultMetrics({ register: this.registry, prefix: 'velvet_' });
    joinNodeMetrics(this.registry);
    const registers = [this.registry];
    new Gauge({
      name: 'velvet_db_pool_connections',
      help: 'Connections of this process to PostgreSQL, by state.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'open' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting_clients' }, pool.waitingCount);
      },
    });
    // The queue is shared by every worker: any node reads the same figures from the database, and a node's
    // processes are not summed (cluster-metrics.ts).
    new Gauge({
      name: 'velvet_job_queue',
      aggregator: 'first',
      help: 'Jobs in the queue, by task and state (waiting: due or scheduled, running, failed: attempts used up).',
      labelNames: ['task', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        const { rows } = await pool.query<{ task: string; waiting: number; running: number; failed: number }>(
          `SELECT task_identifier AS task,
                  count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts)::int AS waiting,
                  count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
                  count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed
             FROM graphile_worker.jobs GROUP BY task_identifier`,
        );
        for (const row of rows) {
          this.set({ task: row.task, state: 'waiting' }, row.waiting);
          this.set({ task: row.task, state: 'running' }, row.running);
          this.set({ task: row.task, state: 'failed' }, row.failed);
        }
      },
    });
  }

  /** Counts the websockets (upgraded connections) of an HTTP server. */
  watchSockets(server: Server): void {
    server.on('upgrade', (_request, socket) => {
      this.#openSockets.inc();
      this.#socketsOpened.inc();
      socket.once('close', () => this.#openSockets.dec());
    });
  }
}
