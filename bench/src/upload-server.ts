import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createContainer } from '../../server/src/container.ts';
import { createLogger } from '../../server/src/logger.ts';
import { startSession } from '../../server/src/test/fixtures.ts';

/**
 * The app as `upload-memory.ts` measures it, in a process of its own: the API only (no web build needed),
 * on an embedded PostgreSQL in a fresh folder, with one uploader. It reports its address and the uploader's
 * access token over IPC and stops (taking the folder with it) on SIGTERM.
 */
export const UPLOAD_BENCH_DIR = resolve(import.meta.dirname, '../.data/upload');

if (import.meta.main) {
  rmSync(UPLOAD_BENCH_DIR, { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: UPLOAD_BENCH_DIR,
    DATABASE_URL: '',
    EMBEDDED_PG_PORT: '54474',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  });
  const log = createLogger(config.logLevel);
  const container = await createContainer(config, log);
  const app = await buildApp(container, { web: 'none' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { id } = await container.database.db
    .insertInto('users')
    .values({ username: 'bench_uploader', display_name: 'Bench uploader' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = (await startSession(container.database.db, config.auth.jwtSecret, id)).session.accessToken;
  const stop = async () => {
    await app.close();
    await container.close();
    rmSync(UPLOAD_BENCH_DIR, { recursive: true, force: true });
    process.exit(0);
  };
  // This orderly stop alone handles SIGTERM: another handler would race it.
  process.removeAllListeners('SIGTERM');
  process.once('SIGTERM', () => void stop());
  process.send?.({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, accessToken: token });
}
