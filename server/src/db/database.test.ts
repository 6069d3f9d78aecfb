import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { closeDatabase } from '../test/databases.ts';
import { testDatabase } from '../test/test-app.ts';
import { openDatabase, prepared } from './database.ts';

const database = await testDatabase();
// One connection, so the statements it prepared can be read back on it.
const handle = openDatabase(database.url, 1, createLogger('silent'));
afterAll(async () => {
  await closeDatabase(handle);
  await database.drop();
});

const preparedStatements = async () =>
  (
    await sql<{
      name: string;
      calls: number;
    }>`SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements`.execute(handle.db)
  ).rows;

test('a query marked prepared runs as one named statement whatever its values; others stay unnamed', async () => {
  const usersNamed = (name: string) =>
    handle.db.selectFrom('users').select('id').where('username', '=', name).modifyEnd(prepared).execute();
  for (const name of ['a', 'b', 'c']) expect(await usersNamed(name)).toEqual([]);
  await handle.db.selectFrom('users').select('id').where('username', '=', 'd').execute();

  const statements = await preparedStatements();
  expect(statements).toHaveLength(1);
  expect(statements[0]?.name).toMatch(/^velvet_[0-9a-f]{24}$/);
  expect(Number(statements[0]?.calls)).toBe(3);
});

test('genericPlans runs every statement on its generic plan; db plans as PostgreSQL chooses', async () => {
  const mode = async (on: typeof handle.db) =>
    (await sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`.execute(on)).rows[0]?.mode;
  expect(await mode(handle.genericPlans)).toBe('force_generic_plan');
  expect(await mode(handle.db)).toBe('auto');
  const usersNamed = (name: string) =>
    handle.genericPlans.selectFrom('users').select('id').where('username', '=', name).modifyEnd(prepared).execute();
  for (const name of ['a', 'b']) expect(await usersNamed(name)).toEqual([]);
  const plans = await sql<{ generic: number; custom: number }>`
    SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements`.execute(handle.genericPlans);
  expect(plans.rows).toEqual([{ generic: 2, custom: 0 }]);
});
