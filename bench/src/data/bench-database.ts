import { resolve } from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../../server/src/db/embedded.ts';
import { createLogger } from '../../../server/src/logger.ts';

/** The feed benchmark's embedded PostgreSQL: bench/.data/pg (the harness app's folder) on a port of its own, so it never meets another bench on the machine. */
export const benchDataDir = resolve(import.meta.dirname, '../../.data');
export const BENCH_PG_PORT = 54615;

export const log = createLogger('warn');

/** `velvet_feed_10k`, `velvet_feed_1m`: one database per dataset size, beside the app's own `postgres`. */
export function datasetDatabase(posts: number): string {
  const label =
    posts >= 1_000_000 && posts % 1_000_000 === 0
      ? `${posts / 1_000_000}m`
      : posts % 1000 === 0
        ? `${posts / 1000}k`
        : `${posts}`;
  return `velvet_feed_${label}`;
}

export function databaseUrl(server: EmbeddedDatabase, database: string): string {
  const url = new URL(server.url);
  url.pathname = `/${database}`;
  return url.href;
}

export async function startBenchPostgres(): Promise<EmbeddedDatabase> {
  return startEmbeddedPostgres(resolve(benchDataDir, 'pg'), BENCH_PG_PORT, log);
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the bench's PostgreSQL (`adminUrl`) holds a database of that name. */
export async function databaseExists(adminUrl: string, database: string): Promise<boolean> {
  return withClient(adminUrl, async (admin) =>
    Boolean((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount),
  );
}
