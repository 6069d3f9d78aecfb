import pg from 'pg';
import { TopPostsRepository } from '../../server/src/analytics/top-posts.repository.ts';
import { utcDay } from '../../server/src/analytics/utc-days.ts';
import { defaultTimeouts, openDatabase } from '../../server/src/db/database.ts';
import type { EmbeddedDatabase } from '../../server/src/db/embedded.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { databaseExists, databaseUrl, datasetDatabase, log, startBenchPostgres, withClient } from './data/bench-database.ts';
import { generate } from './data/generate.ts';
import { generateStudioAnalytics, STUDIO_CREATOR } from './data/studio-analytics.ts';
import type { Entry } from './entries.ts';
import { type Server, startApp } from './servers.ts';

/**
 * The studio case of `npm run bench` (issue 22): the analytics API and the studio pages for a creator with
 * 5,000 posts, at 1M posts and 10M view events (data/studio-analytics.ts). The dataset is built once in
 * the database `velvet_studio_1m` on the bench's PostgreSQL (bench/.data/pg, port 54615): a copy of the
 * feed dataset `velvet_feed_1m` when `npm run bench:data -- --posts 1000000` made one, else generated here
 * (minutes), then the events and aggregates are added. The app runs on it without the worker, so no
 * rollup job runs during the load. The target is p99 < 100 ms.
 */
export const STUDIO_ENTRY_NAMES = [
  'studio-api',
  'studio-api-90',
  'studio-api-post',
  'ssr-studio',
  'ssr-studio-analytics',
] as const;
export const STUDIO_P99_TARGET_MS = 100;
/**
 * The concurrency issue 22's line is judged at. A studio page is one creator's own private page: they have
 * it open in a tab or a few, one document and its data requests at a time. At 50 connections on two shared
 * cores p99 measures the queue (Little's law: 50 in flight ÷ throughput), not the page, so the case also
 * runs at `--connections` (default 50) for its throughput, printed but not judged.
 */
export const STUDIO_JUDGED_CONNECTIONS = [1, 4] as const;
const POSTS = 1_000_000;
const EVENTS = 10_000_000;
/** What Chrome sends: the studio entries' answers are compressed as a browser gets them. */
export const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const studioDatabase = (posts: number) => datasetDatabase(posts).replace('velvet_feed_', 'velvet_studio_');

/** The studio dataset's address, built first when missing (under another name, renamed when complete). */
export async function prepareStudioDataset(server: EmbeddedDatabase, posts = POSTS, events = EVENTS): Promise<string> {
  const name = studioDatabase(posts);
  if (await databaseExists(server.url, name)) return databaseUrl(server, name);
  const building = `${name}_building`;
  const feed = datasetDatabase(posts);
  const fromFeed = await databaseExists(server.url, feed);
  process.stderr.write(
    `building ${name}: ${fromFeed ? `a copy of ${feed}` : `${posts.toLocaleString('en')} posts`}, then ${events.toLocaleString('en')} view events\n`,
  );
  await withClient(server.url, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(fromFeed ? `CREATE DATABASE ${building} TEMPLATE ${feed}` : `CREATE DATABASE ${building}`);
  });
  const url = databaseUrl(server, building);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  await migrate(pool, log);
  await pool.end();
  const started = performance.now();
  await withClient(url, async (client) => {
    if (!fromFeed) await generate(client, posts);
    await generateStudioAnalytics(client, events);
  });
  await withClient(server.url, (admin) => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
  process.stderr.write(`${name} built in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  return databaseUrl(server, name);
}

/**
 * What the rollup's next run would write for the studio creator: its top posts of the ranges ending today
 * (the app runs without the worker, and the dataset may have been built on another day). Migrates first, as
 * a dataset built before migration 0032 has no such table.
 */
async function refreshTopPosts(url: string): Promise<void> {
  // A one-off bulk write before the load, not a page's statement: on the busy shared machine it outlasts 5 s.
  const database = openDatabase(url, 2, log, { ...defaultTimeouts, statementMs: 300_000 });
  try {
    await migrate(database.pool, log);
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
      STUDIO_CREATOR.username,
    ]);
    await new TopPostsRepository(database.db).refreshCreators(
      rows.map((row) => Number(row.id)),
      utcDay(Date.now()),
    );
  } finally {
    await database.close();
  }
}

/**
 * The studio creator's session: the access token (a Bearer token for the API) and the cookies a browser
 * holds after logging in (the access and refresh cookies, plus the age gate's), so pages render signed in,
 * the viewer's own data included, as the creator sees them.
 */
export async function studioLogin(base: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDIO_CREATOR),
  });
  const answer = (await response.json()) as { accessToken?: string; error?: string };
  if (!answer.accessToken) throw new Error(`studio creator login failed: ${answer.error}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return { token: answer.accessToken, cookie: [...cookies, 'have18=1'].join('; ') };
}

/** The entries, signed in as the studio creator (a Bearer token for the API, the cookie for pages). */
async function studioEntries(base: string): Promise<Entry[]> {
  const { token, cookie } = await studioLogin(base);
  const api = { authorization: `Bearer ${token}`, language: 'en-US', 'accept-encoding': CHROME_ACCEPT_ENCODING };
  const page = { cookie, 'accept-encoding': CHROME_ACCEPT_ENCODING };
  const account = (await (await fetch(`${base}/api/studio/analytics?days=90`, { headers: api })).json()) as {
    topPosts?: { id: number }[];
  };
  const topPost = account.topPosts?.[0]?.id;
  if (!topPost) throw new Error('the studio creator has no top post: is the dataset complete?');
  const json = { bodyIncludes: '"statusCode":2' };
  return [
    { name: 'studio-api', method: 'GET', path: '/api/studio/analytics', headers: api, expect: json },
    { name: 'studio-api-90', method: 'GET', path: '/api/studio/analytics?days=90', headers: api, expect: json },
    { name: 'studio-api-post', method: 'GET', path: `/api/studio/analytics/post/${topPost}?days=90`, headers: api, expect: json },
    { name: 'ssr-studio', method: 'GET', path: '/studio', headers: page, expect: { bodyIncludes: '<html' } },
    { name: 'ssr-studio-analytics', method: 'GET', path: '/studio/analytics', headers: page, expect: { bodyIncludes: '<html' } },
  ];
}

/**
 * Runs the studio case: its own PostgreSQL and app (stop any app on bench/.data first: they share the data
 * folder), each chosen entry through `measure`, then stops both.
 */
export async function runStudioCase<Row>(
  selected: ReadonlySet<string>,
  measure: (base: string, entry: Entry) => Promise<Row>,
  httpProcesses = '0',
): Promise<Row[]> {
  const database = await startBenchPostgres();
  let app: Server | undefined;
  try {
    const url = await prepareStudioDataset(database);
    await refreshTopPosts(url);
    // A web node as docs/deploy.md runs one: an HTTP process per core (HTTP_PROCESSES=0).
    app = await startApp({ DATABASE_URL: url, SEED_DEMO: 'false', HTTP_PROCESSES: httpProcesses }, 'app');
    const rows: Row[] = [];
    for (const entry of await studioEntries(app.url)) if (selected.has(entry.name)) rows.push(await measure(app.url, entry));
    return rows;
  } finally {
    await app?.stop();
    await database.stop();
  }
}
