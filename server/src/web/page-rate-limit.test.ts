import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { createPost, createUser } from '../test/fixtures.ts';
import { type AppNode, ensureWebBuild, spawnAppNode, waitForHttp } from '../test/processes.ts';
import { type TestDatabase, testDatabase } from '../test/test-app.ts';

/**
 * Real HTTP on loopback: the app listens on 127.0.0.1 and each client connects from its own loopback
 * address, as separate visitors would (the built pages only run in a process of their own).
 */
const LIMIT = 8;
const VISITOR_TOKENS = 3;
const title = `Rate limit canary ${Date.now()}`;
let database: TestDatabase;
let server: AppNode;
let port: number;

beforeAll(async () => {
  await ensureWebBuild();
  database = await testDatabase();
  const handle = openDatabase(database.url, 1, createLogger('silent'));
  try {
    const author = await createUser(handle.db);
    await createPost(handle.db, author.id, { title, media: 0 });
  } finally {
    await handle.close();
  }
  server = await spawnAppNode(database.url, {
    EVENT_BUS: 'memory',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    VISITOR_TOKENS_PER_ADDRESS: String(VISITOR_TOKENS),
  });
  port = server.port;
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, server.proc, 30_000);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function get(
  path: string,
  from: string,
  accept = 'text/html',
  extra: Record<string, string> = {},
): Promise<{ status: number; text: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const call = request(
      { host: '127.0.0.1', port, path, localAddress: from, headers: { accept, 'accept-language': 'en', ...extra } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text, cookies: response.headers['set-cookie'] ?? [] }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('pages are rate-limited per client, and their in-process API calls act as that client', () => {
  test('an address that exhausts its limit leaves another address its pages and their feed', async () => {
    const statuses: number[] = [];
    for (let load = 0; load < LIMIT * 3; load++) {
      statuses.push((await get(load % 2 === 0 ? '/' : '/popular.data', '127.0.0.2', '*/*')).status);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Documents and data requests count against the client's own limit, whatever it accepts.
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT * 2).fill(429));

    const home = await get('/', '127.0.0.3');
    expect(home.status).toBe(200);
    expect(home.text).toContain(title);
  });

  test("a page's API calls do not spend its client's API limit, and cannot be claimed from outside", async () => {
    const from = '127.0.0.4';
    for (let load = 0; load < LIMIT; load++) expect((await get('/', from)).status).toBe(200);
    const api: number[] = [];
    // A client that sends the in-process mark (with a guessed value) is counted like any other.
    const claim = { 'x-velvet-in-process': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    for (let call = 0; call <= LIMIT; call++) api.push((await get('/api/settings', from, 'application/json', claim)).status);
    expect(api).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  test('page loads from one address mint VISITOR_TOKENS_PER_ADDRESS visitor tokens; later pages render without one', async () => {
    const loads = [];
    for (let load = 0; load < VISITOR_TOKENS * 2; load++) loads.push(await get('/', '127.0.0.5'));
    expect(loads.map((load) => load.status)).toEqual(Array(VISITOR_TOKENS * 2).fill(200));
    const minted = loads.map((load) => load.cookies.some((cookie) => cookie.startsWith('anonymous=')));
    expect(minted).toEqual([...Array(VISITOR_TOKENS).fill(true), ...Array(VISITOR_TOKENS).fill(false)]);
    expect(loads.at(-1)?.text).toContain(title);
  });
});
