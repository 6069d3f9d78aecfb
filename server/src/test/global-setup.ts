import type { TestProject } from 'vitest/node';
import { createLogger } from '../logger.ts';
import { createDatabase, dropDatabase, migrateDatabase } from './databases.ts';
import { freePort, spawnNode, temporaryDirectory, waitForOutput, within } from './processes.ts';
import { runnerEnvironment } from './runner-environment.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the run's PostgreSQL; test files create their own databases through it. */
    adminDatabaseUrl: string;
    /** A migrated database that `testDatabase()` copies, much faster than migrating every copy. */
    templateDatabase: string;
  }
}

interface Server {
  readonly url: string;
  stop(): Promise<void>;
}

/** An embedded PostgreSQL in a temporary folder, run by postgres-server.ts (see there for why). */
async function startEmbedded(): Promise<Server> {
  const { path } = temporaryDirectory('velvet-test-pg-');
  const server = spawnNode(['server/src/test/postgres-server.ts', path, String(await freePort())], {}, { stdin: 'pipe' });
  const stop = async () => {
    server.child.stdin?.end();
    await within(server.exited, 15_000, 'the test PostgreSQL did not stop');
  };
  try {
    const [, url = ''] = await waitForOutput(server, /^READY (\S+)$/m, 60_000);
    return { url, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * One PostgreSQL per run: the embedded one, or the server of DATABASE_URL when it is set (CI with a
 * service container). Either way every test file gets databases of its own.
 */
export default async function setup(project: TestProject) {
  const external = runnerEnvironment.databaseUrl;
  const server: Server = external ? { url: external, stop: async () => {} } : await startEmbedded();
  const template = `velvet_template_${process.pid}_${Date.now().toString(36)}`;
  try {
    await migrateDatabase(await createDatabase(server.url, template), createLogger('warn'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('adminDatabaseUrl', server.url);
  project.provide('templateDatabase', template);

  return async () => {
    await dropDatabase(server.url, template).catch(() => undefined);
    await server.stop();
  };
}
