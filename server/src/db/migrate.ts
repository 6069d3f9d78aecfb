import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Logger } from 'pino';
import { withoutTimeouts } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);
// Any fixed number works; it only has to be the same for every node of this app.
const MIGRATION_LOCK = 7_314_221;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(new URL(file, migrationsDir), 'utf8'),
    }));
}

/**
 * Applies pending migrations, each in its own transaction. A session advisory lock makes concurrent
 * start-ups of several nodes wait for each other instead of racing; the later ones find nothing to do.
 * `through` stops at that version (a restore rebuilds the schema its backup was taken on).
 */
export async function migrate(pool: pg.Pool, log: Logger, through = Number.POSITIVE_INFINITY): Promise<number> {
  const client = await pool.connect();
  try {
    return await withoutTimeouts(client, () => applyPending(client, log, through));
  } finally {
    client.release();
  }
}

/** A migration may rewrite a large table, and waits for the other nodes' lock: no timeout applies here. */
async function applyPending(client: pg.PoolClient, log: Logger, through: number): Promise<number> {
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    let count = 0;
    for (const migration of listMigrations()) {
      if (applied.has(migration.version) || migration.version > through) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      log.info({ migration: migration.name }, 'migration applied');
      count++;
    }
    return count;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
}
