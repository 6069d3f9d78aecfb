import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Container, createContainer, jobDeps } from './container.ts';
import { startWorker, type WorkerHandle } from './jobs/worker.ts';
import { seedDemoContent } from './seed/demo-seed.ts';
import { legalDetailsWarning } from './settings/legal-details.ts';

export type Mode = 'app-with-worker' | 'app' | 'worker' | 'dev';
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Starts the parts of Velvet a mode asks for and stops them in order on SIGTERM/SIGINT. */
export async function start(mode: Mode, config: Config, log: Logger) {
  const container = await createContainer(config, log);
  let app: FastifyInstance | undefined;
  let worker: WorkerHandle | undefined;
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app?.close(); // stops accepting, finishes in-flight requests, closes websockets
      await worker?.stop();
      await container.close(); // job queue, pool, embedded PostgreSQL
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Signal handlers installed by libraries would exit at once, racing our orderly shutdown; ours stops
  // the database last, itself.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (mode !== 'worker' && config.seedDemo) await seedIfEmpty(container);
  if (mode !== 'app')
    worker = await startWorker(container.database.pool, jobDeps(container), config.worker.concurrency, log, container.metrics);
  if (mode !== 'worker') {
    const legalWarning = legalDetailsWarning(config);
    if (legalWarning) log.warn(legalWarning);
    app = await buildApp(container, { web: mode === 'dev' ? 'dev' : 'built' });
    await app.listen({ host: config.http.host, port: config.http.port });
    log.info(`Velvet is running at ${config.http.baseUrl}`);
  }
}

async function seedIfEmpty(container: Container) {
  try {
    await seedDemoContent(container);
  } catch (error) {
    container.log.error({ err: error }, 'demo seed failed; the app starts without demo content');
  }
}
