import { afterAll, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { closeDatabase } from '../test/databases.ts';
import { spawnNode, temporaryDirectory, within } from '../test/processes.ts';
import { type TestDatabase, testDatabase } from '../test/test-app.ts';
import { openDatabase } from './database.ts';
import { listMigrations, migrate } from './migrate.ts';

const log = createLogger('silent');
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await testDatabase({ empty: true });
  databases.push(database);
  return database;
}

async function appliedVersions(url: string): Promise<number[]> {
  const database = openDatabase(url, 2, log);
  try {
    const { rows } = await database.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    return rows.map((row) => row.version);
  } finally {
    await closeDatabase(database);
  }
}

const allVersions = listMigrations().map((migration) => migration.version);

test('migration files are numbered uniquely and in order', () => {
  expect(allVersions.length).toBeGreaterThan(0);
  expect(new Set(allVersions).size).toBe(allVersions.length);
  expect([...allVersions].sort((a, b) => a - b)).toEqual(allVersions);
});

test('applying the migrations twice changes nothing the second time', async () => {
  const { url } = await emptyDatabase();
  const database = openDatabase(url, 2, log);
  try {
    expect(await migrate(database.pool, log)).toBe(allVersions.length);
    const tables = await database.pool.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    expect(await migrate(database.pool, log)).toBe(0);
    const after = await database.pool.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    expect(after.rows[0].n).toBe(tables.rows[0].n);
    expect(tables.rows[0].n).toBeGreaterThan(10);
  } finally {
    await closeDatabase(database);
  }
  expect(await appliedVersions(url)).toEqual(allVersions);
});

test('two nodes starting at the same moment both succeed and apply each migration once', async () => {
  const { url } = await emptyDatabase();
  const folders = [temporaryDirectory(), temporaryDirectory()];
  try {
    const nodes = folders.map((folder) =>
      spawnNode(['server/src/test/migrate-once.ts'], {
        DATABASE_URL: url,
        DATA_DIR: folder.path,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      }),
    );
    const codes = await within(Promise.all(nodes.map((node) => node.exited)), 30_000, 'start-ups did not finish');
    expect(codes, nodes.map((node) => node.output()).join('\n')).toEqual([0, 0]);
  } finally {
    for (const folder of folders) folder.remove();
  }
  expect(await appliedVersions(url)).toEqual(allVersions);
});
