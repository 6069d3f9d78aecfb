import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { Storage } from '../media/storage.ts';

/**
 * `velvet backup <folder>`: the database and the media, consistent with each other (backup/README.md).
 * Every table of the app's and graphile-worker's schemas is read in one REPEATABLE READ transaction, so all
 * rows come from one snapshot; then the stored media is copied while the snapshot is still held. The folder holds manifest.json, db/<schema>.<table>.ndjson (one JSON row a
 * line), media/<key> and secrets.json.
 */
export const BACKED_UP_SCHEMAS = ['public', 'graphile_worker'] as const;
const BATCH = 1000;

export interface Manifest {
  readonly format: 1;
  readonly createdAt: string;
  /** Our migrations applied when it was taken: a restore rebuilds exactly this schema. */
  readonly migrations: readonly number[];
  readonly tables: readonly { readonly name: string; readonly rows: number }[];
  readonly sequences: readonly { readonly name: string; readonly value: number; readonly called: boolean }[];
  readonly media: { readonly objects: number; readonly missing: readonly string[] };
}

export interface BackupSource {
  readonly pool: pg.Pool;
  readonly storage: Storage;
  readonly dataDir: string;
}

export async function backup(source: BackupSource, folder: string): Promise<Manifest> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) throw new Error(`${folder} is not empty`);
  await mkdir(join(folder, 'db'), { recursive: true });
  const client = await source.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const tables = await tablesOf(client);
    const counted: { name: string; rows: number }[] = [];
    for (const table of tables) counted.push({ name: table, rows: await dumpTable(client, table, folder) });
    const sequences = await sequencesOf(client);
    const { rows: migrations } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    const media = await copyMedia(client, source.storage, folder);
    await client.query('COMMIT');
    const secrets = join(source.dataDir, 'secrets.json');
    if (existsSync(secrets)) await copyFile(secrets, join(folder, 'secrets.json'));
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      migrations: migrations.map((row) => row.version),
      tables: counted,
      sequences,
      media,
    };
    await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Ordinary tables of the backed-up schemas, as `schema.table`; the migration ledgers are rebuilt, not copied. */
export async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname = ANY($1) AND NOT (schemaname = 'public' AND tablename = 'schema_migrations')
        AND NOT (schemaname = 'graphile_worker' AND tablename = 'migrations')
      ORDER BY schemaname, tablename`,
    [BACKED_UP_SCHEMAS],
  );
  return rows.map((row) => row.name);
}

async function dumpTable(client: pg.ClientBase, table: string, folder: string): Promise<number> {
  const out = createWriteStream(join(folder, 'db', `${table.replaceAll('"', '')}.ndjson`));
  let count = 0;
  const cursor = `backup_${count}${Date.now()}`;
  await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${table} t`);
  async function* lines() {
    for (;;) {
      const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM ${cursor}`);
      if (rows.length === 0) return;
      count += rows.length;
      yield `${rows.map((row) => row.row).join('\n')}\n`;
    }
  }
  await pipeline(lines, out);
  await client.query(`CLOSE ${cursor}`);
  return count;
}

async function sequencesOf(client: pg.ClientBase): Promise<Manifest['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1`,
    [BACKED_UP_SCHEMAS],
  );
  const sequences = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ value: string; called: boolean }>(
      `SELECT last_value AS value, is_called AS called FROM ${name}`,
    );
    sequences.push({ name, value: Number(state[0]?.value), called: Boolean(state[0]?.called) });
  }
  return sequences;
}

/**
 * Copies every stored object under media/ (renditions, HLS, originals, avatars), plus any original a row of
 * the snapshot names elsewhere. Objects come from storage as it is now: a key the snapshot names that is
 * gone (removed by a takedown since) is listed as missing.
 */
async function copyMedia(client: pg.ClientBase, storage: Storage, folder: string): Promise<Manifest['media']> {
  const { rows } = await client.query<{ key: string }>(
    'SELECT original_key AS key FROM media_files WHERE original_key IS NOT NULL ORDER BY id',
  );
  const keys = new Set(await storage.list('media/'));
  for (const { key } of rows) keys.add(key);
  let objects = 0;
  const missing: string[] = [];
  for (const key of keys) {
    const body = await storage.get(key);
    if (!body) {
      missing.push(key);
      continue;
    }
    const target = join(folder, 'media', key);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(body, createWriteStream(target));
    objects++;
  }
  return { objects, missing };
}
