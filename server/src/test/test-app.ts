import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { IdentityProvider } from '../compliance/verification/identity-provider.ts';
import { buildConfig, type Config, parseSettings } from '../config.ts';
import { type Container, createContainer } from '../container.ts';
import { createLogger } from '../logger.ts';
import type { MediaProcessing } from '../media/processing/media-processing.ts';
import { closeDatabase, createDatabase, dropDatabase, uniqueDatabaseName } from './databases.ts';
import { temporaryDirectory } from './processes.ts';
import { runnerEnvironment } from './runner-environment.ts';

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the run's PostgreSQL (see global-setup.ts): migrated by default, or `empty`
 * for tests of the migrations themselves.
 */
export async function testDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = uniqueDatabaseName('velvet_test');
  const url = await createDatabase(adminUrl, name, options.empty ? undefined : inject('templateDatabase'));
  return { name, url, drop: () => dropDatabase(adminUrl, name) };
}

/** The settings a test app runs with; `env` in testApp's options adds to or overrides them. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return buildConfig(
    parseSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DB_POOL_SIZE: '4',
      // Tests change popularity and posts between pages: every home page reads the ranking afresh.
      FEED_RANKING_SECONDS: '0',
      // Tests write and read back at once; kept cards follow a write within the NOTIFY round trip, not before
      // it. posts/card-cache*.test.ts turn the cache on.
      CARD_CACHE_ENTRIES: '0',
      // Posts of the fixtures' fresh accounts publish at once; enforcement/ tests turn review on.
      PREPUBLICATION_REVIEW_POSTS: '0',
      // Scale tests load tens of thousands of rows in one statement while other files run; the tests of
      // the timeout itself (db/database-outage.test.ts) set their own.
      DB_STATEMENT_TIMEOUT_MS: '60000',
      LOG_LEVEL: runnerEnvironment.appLogLevel,
      ...env,
    }),
  );
}

/** An injected response; `body` is the parsed JSON (undefined when the answer is not JSON). */
export interface TestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of API answers; typing each would only repeat the routes' schemas
  readonly body: any;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly container: Container;
  readonly database: TestDatabase;
  request(options: InjectOptions): Promise<TestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra settings, as environment variables (e.g. `{ BODY_LIMIT: '100' }`). */
  readonly env?: Record<string, string>;
  /** Test-only routes, registered as a plugin before the app is ready. */
  readonly routes?: (app: FastifyInstance) => Promise<void>;
  /** A recording double of the processing half, for tests of the upload half (the one seam doubled in tests). */
  readonly processing?: MediaProcessing;
  /** Identity providers in place of the manual one (compliance/verification/ tests of a vendor's callback). */
  readonly identityProviders?: readonly IdentityProvider[];
}

/** The API (no web pages) on a fresh database and data folder, driven through Fastify's `inject`. */
export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Undone in reverse order by close(), or at once when start-up fails half-way.
  const cleanups: (() => unknown)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const dataDir = temporaryDirectory();
    cleanups.push(dataDir.remove);
    const database = await testDatabase();
    cleanups.push(database.drop);
    const config = testConfig(dataDir.path, { DATABASE_URL: database.url, ...options.env });
    const container = await createContainer(config, createLogger(config.logLevel), {
      databaseUrl: database.url,
      processing: options.processing,
      identityProviders: options.identityProviders,
    });
    cleanups.push(
      () => closeDatabase(container.database),
      () => container.close(),
    );
    const app = await buildApp(container, { web: 'none' });
    cleanups.push(() => app.close());
    if (options.routes) await app.register(options.routes);
    await app.ready();
    return { app, container, database, ...requests(app), close: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function requests(app: FastifyInstance): Pick<TestApp, 'request' | 'get' | 'post'> {
  const request = async (injectOptions: InjectOptions): Promise<TestResponse> => {
    const response = await app.inject(injectOptions);
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text: response.body, body };
  };
  return {
    request,
    get: (path, headers) => request({ method: 'GET', url: path, headers }),
    post: (path, body, headers) =>
      request({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      }),
  };
}
