import { EventEmitter } from 'node:events';
import { type Runner, run, type WorkerEvents, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics.ts';
import { buildTaskList, crontab, type JobDeps } from './registry.ts';
import { startHeartbeat } from './worker-heartbeat.ts';
import { WorkerLiveness } from './worker-liveness.ts';

/** Jobs run, by task and outcome, and how long each ran (metrics/metrics.ts). */
function countJobs(events: WorkerEvents, metrics: Metrics) {
  const startedAt = new Map<string, number>();
  const finish = (job: { id: string; task_identifier: string }, outcome: 'success' | 'error') => {
    const started = startedAt.get(job.id);
    startedAt.delete(job.id);
    metrics.jobs.inc({ task: job.task_identifier, outcome });
    if (started !== undefined) metrics.jobSeconds.observe({ task: job.task_identifier }, (performance.now() - started) / 1000);
  };
  events.on('job:start', ({ job }) => startedAt.set(job.id, performance.now()));
  events.on('job:success', ({ job }) => finish(job, 'success'));
  events.on('job:error', ({ job }) => finish(job, 'error'));
  events.on('job:failed', ({ job }) => metrics.jobs.inc({ task: job.task_identifier, outcome: 'failed' }));
}

export interface WorkerHandle {
  stop(): Promise<void>;
}

/**
 * Starts graphile-worker on the shared pool; signals are handled by our own shutdown sequence. The jobs of
 * workers that died holding them are released first (worker-liveness.ts), so they run again now.
 */
export async function startWorker(
  pool: pg.Pool,
  deps: JobDeps,
  concurrency: number,
  log: Logger,
  metrics?: Metrics,
): Promise<WorkerHandle> {
  const workerLog = log.child({ component: 'worker' });
  const logger = new WorkerLogger(() => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
    workerLog[method]({ meta }, message);
  });
  const liveness = new WorkerLiveness(pool, workerLog);
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => liveness.announce(workerPool.id));
  events.on('job:start', ({ job }) => liveness.started(job.id));
  events.on('job:success', ({ job }) => liveness.finished(job.id));
  events.on('job:error', ({ job }) => liveness.finished(job.id));
  if (metrics) countJobs(events, metrics);
  await liveness.sweep();
  const runner: Runner = await run({
    pgPool: pool,
    events,
    taskList: buildTaskList(deps),
    crontab,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger,
  });
  const heartbeat = await startHeartbeat(deps.db, workerLog).catch(async (error: unknown) => {
    await runner.stop();
    throw error;
  });
  // A runner that ends on its own (a fatal error) must not go on looking alive.
  runner.promise.then(
    () => heartbeat.stop(),
    () => heartbeat.stop(),
  );
  return {
    async stop() {
      await heartbeat.stop();
      await runner.stop();
      await liveness.stop();
    },
  };
}
