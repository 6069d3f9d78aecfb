import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { serveNodeMetrics } from '../metrics/cluster-metrics.ts';

/**
 * A web node's HTTP processes (`app` mode with HTTP_PROCESSES above 1). One Node process renders pages on
 * one core; a node with several runs as many copies of the `app` process, which share its port (node:cluster
 * hands each new connection to the next). They are what separate web nodes already are (docs/deploy.md):
 * the database, the event bus over PostgreSQL NOTIFY and the storage are shared; response cache, rate-limit
 * counters and open websockets are each process's own. This primary runs none of the app: it starts the
 * processes, starts a new one when one dies, stops them all on SIGTERM/SIGINT, and answers `/metrics` for
 * the node (metrics/cluster-metrics.ts).
 */
const SHUTDOWN_DEADLINE_MS = 15_000;
/** A process that dies within this time of its start counts towards a crash loop. */
const EARLY_DEATH_MS = 10_000;
/** Early deaths in a row after which the node gives up instead of restarting for ever (a bad config, a dead database). */
const MAX_EARLY_DEATHS = 5;
const RESTART_DELAY_MS = 1_000;

export function superviseHttpProcesses(count: number, log: Logger): void {
  const startedAt = new Map<Worker, number>();
  let earlyDeaths = 0;
  let stopping = false;
  let exitCode = 0;

  const startOne = () => startedAt.set(cluster.fork(), Date.now());

  serveNodeMetrics();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log.info('stopped');
        process.exit(exitCode);
      }
      return;
    }
    earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
    if (earlyDeaths >= MAX_EARLY_DEATHS) {
      log.fatal({ code, signal }, `HTTP processes died ${earlyDeaths} times in a row on start; stopping the node`);
      stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'an HTTP process died; starting another');
    // Not unref'd: when every process has died, this timer is all that keeps the primary from exiting 0.
    setTimeout(() => !stopping && startOne(), RESTART_DELAY_MS);
  });

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const deadline = setTimeout(() => {
      log.error('HTTP processes took longer than 15 s to stop, exiting');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    if (startedAt.size === 0) process.exit(exitCode);
    // Each process stops in order itself (lifecycle.ts): in-flight requests, websockets, its pool.
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));

  log.info({ processes: count }, 'starting the HTTP processes');
  for (let index = 0; index < count; index++) startOne();
}
