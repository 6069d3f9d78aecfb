import { EventEmitter } from 'node:events';
import { type Runner, run, type WorkerEvents, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import { buildTaskList, crontab, type JobDeps } from './registry.ts';
import { startHeartbeat } from './worker-heartbeat.ts';
import { WorkerLiveness } from './worker-liveness.ts';

export interface WorkerHandle {
  stop(): Promise<void>;
}

/**
 * Starts graphile-worker on the shared pool; signals are handled by our own shutdown sequence. The jobs of
 * workers that died holding them are released first (worker-liveness.ts), so they run again now.
 */
export async function startWorker(pool: pg.Pool, deps: JobDeps, concurrency: number, log: Logger): Promise<WorkerHandle> {
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
