import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { JobQueue } from '../jobs/queue.ts';

/** The URL of database `name` on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Creates database `name` (a copy of `template` when given) and returns its URL. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(adminUrl, async (client) => {
    const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
  });
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
}

/** Brings a database to the state the app expects: our migrations plus graphile-worker's schema. */
export async function migrateDatabase(url: string, log: Logger): Promise<void> {
  const database = openDatabase(url, 2, log);
  try {
    await migrate(database.pool, log);
    const jobs = await JobQueue.open(database.pool);
    await jobs.close();
  } finally {
    await closeDatabase(database);
  }
}

/**
 * Closes a database handle for good. Kysely ends the pool only if it ran a query itself, so a handle
 * used only through `pool` would otherwise keep its connections (see the report on database.ts).
 */
export async function closeDatabase(database: DatabaseHandle): Promise<void> {
  await database.close();
  if (!database.pool.ended) await database.pool.end();
}
