import { createReadStream, existsSync } from 'node:fs';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import type { Logger } from 'pino';
import { migrate } from '../db/migrate.ts';
import { JobQueue } from '../jobs/queue.ts';
import type { Storage } from '../media/storage.ts';
import { type BackupSource, type Manifest, tablesOf } from './backup.ts';

const BATCH = 500;

/**
 * `velvet restore <folder>`: a backup (backup.ts) into an empty database and an empty storage. The schema is
 * rebuilt by the migrations the backup was taken on (newer ones run at the app's next start), every row is
 * put back in one transaction with triggers and foreign keys held off (the rows were consistent when read),
 * the sequences set where they were, then the media and secrets.json copied back.
 */
export async function restore(target: BackupSource, folder: string, log: Logger): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
  await refuseUnlessEmpty(target);
  await migrate(target.pool, log, Math.max(...manifest.migrations));
  const queue = await JobQueue.open(target.pool);
  await queue.close();

  const client = await target.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SET LOCAL session_replication_role = replica');
    const tables = await tablesOf(client);
    const unknown = manifest.tables.filter((table) => !tables.includes(table.name));
    if (unknown.length > 0) throw new Error(`the backup has tables this schema lacks: ${unknown.map((t) => t.name).join(', ')}`);
    // Rows that migrations insert themselves (defaults, reference data) give way to the backup's.
    await client.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
    for (const table of manifest.tables) await loadTable(client, table.name, folder);
    for (const sequence of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2, $3)', [sequence.name, sequence.value, sequence.called]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await restoreMedia(target.storage, join(folder, 'media'));
  if (existsSync(join(folder, 'secrets.json')))
    await copyFile(join(folder, 'secrets.json'), join(target.dataDir, 'secrets.json'));
  return manifest;
}

async function refuseUnlessEmpty(target: BackupSource) {
  const { rows } = await target.pool.query<{ present: boolean }>("SELECT to_regclass('public.users') IS NOT NULL AS present");
  if (rows[0]?.present) {
    const { rows: users } = await target.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if ((users[0]?.n ?? 0) > 0) throw new Error('the database already has users: restore only into an empty one');
  }
  if ((await target.storage.list('media/')).length > 0)
    throw new Error('the storage already holds media: restore only into an empty one');
}

/** Columns a row may be given: generated ones are computed again. */
async function writableColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(attname) AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function loadTable(client: pg.ClientBase, table: string, folder: string) {
  const columns = (await writableColumns(client, table)).join(', ');
  const insert = `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(join(folder, 'db', `${table.replaceAll('"', '')}.ndjson`)) });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

async function restoreMedia(storage: Storage, folder: string) {
  if (!existsSync(folder)) return;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    await storage.putFile(relative(folder, path).split(sep).join('/'), path);
  }
}
