import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ensureWebBuild,
  freePort,
  type NodeProcess,
  spawnNode,
  stopProcess,
  temporaryDirectory,
  waitForHttp,
} from '../test/processes.ts';
import { type TestDatabase, testDatabase } from '../test/test-app.ts';

// Pages are rendered by the built app in a process of its own, as in production.
const dataDir = temporaryDirectory();
let database: TestDatabase;
let server: NodeProcess;
let origin: string;

beforeAll(async () => {
  await ensureWebBuild();
  database = await testDatabase();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawnNode(['server/src/main.ts', 'app'], {
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: 'https://velvet.example',
    DATA_DIR: dataDir.path,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
  });
  await waitForHttp(`${origin}/readyz`, server, 60_000);
}, 180_000);

afterAll(async () => {
  await stopProcess(server);
  await database.drop();
  dataDir.remove();
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

async function page(path: string) {
  const response = await fetch(`${origin}${path}`);
  const body = await response.text();
  const policy = directives(String(response.headers.get('content-security-policy')));
  const nonce = (policy.get('script-src') ?? []).flatMap((value) => value.match(/^'nonce-([A-Za-z0-9+/=]+)'$/)?.[1] ?? []);
  return { status: response.status, body, policy, nonce: nonce[0] };
}

test('every page gets a fresh script nonce, no inline script runs without it, and script-src has no unsafe-inline', async () => {
  const first = await page('/?skip-entermodal');
  const second = await page('/?skip-entermodal');
  expect(first.status).toBe(200);
  expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(second.nonce).not.toBe(first.nonce);
  expect(first.policy.get('script-src')).not.toContain("'unsafe-inline'");

  const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${first.nonce}"`);
});

test('pages may connect to the site and its websocket only, not to any ws: or wss: host', async () => {
  const { policy } = await page('/legal/terms?skip-entermodal');
  expect(policy.get('connect-src')).toEqual(["'self'", 'wss://velvet.example']);
  expect(policy.get('default-src')).toEqual(["'self'"]);
});

// A page's body reaches it as the request stream itself. The NUL guard walked that stream's object graph
// (socket, server, buffers) without end: one POST to any page held the event loop, and every request, for good.
test('a POST with a body to a page is answered, and the server goes on answering', async () => {
  const post = await fetch(`${origin}/`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'hello',
    signal: AbortSignal.timeout(10_000),
  });
  expect(post.status).toBeLessThan(500);
  expect((await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
});

/** The framing headers of a GET sent with its path exactly as given (fetch would resolve dot segments first). */
function framingOf(path: string): Promise<{ frameAncestors: string | undefined; frameOptions: unknown }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const call = httpRequest({ hostname, port, path, headers: { accept: 'text/html' } }, (response) => {
      response.resume();
      const policy = String(response.headers['content-security-policy']);
      resolve({ frameAncestors: /frame-ancestors ([^;]*)/.exec(policy)?.[1], frameOptions: response.headers['x-frame-options'] });
    });
    call.on('error', reject);
    call.end();
  });
}

// The page router resolves dot segments, so /embed/%2e%2e/settings renders /settings: only the embed page may be framed.
test('only the embed page may be framed by other sites, however its path is spelled', async () => {
  expect(await framingOf('/embed/1')).toMatchObject({ frameAncestors: '*', frameOptions: undefined });
  for (const path of ['/embed/%2e%2e/settings', '/embed/%2E%2E/legal/terms', '/embed/./../settings', '//[/embed/1']) {
    expect(await framingOf(path), path).toEqual({ frameAncestors: "'self'", frameOptions: 'SAMEORIGIN' });
  }
});

// Issue 23: pages name their language's messages by version instead of inlining them (web/app/i18n/README.md).
test('a page carries no messages, only the preload of its language at an immutable, versioned URL', async () => {
  const german = (file: string) =>
    JSON.parse(readFileSync(new URL(`../../../web/app/i18n/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const { body } = await page('/unsupported?lang=de&skip-entermodal');
  expect(body.length).toBeLessThan(20_000);
  const feedText = Object.values(german('namespaces/feed/de.json')).filter(
    (text) => typeof text === 'string' && text.length > 20,
  );
  expect(feedText.length).toBeGreaterThan(0);
  for (const text of feedText) expect(body).not.toContain(text);
  const preload =
    /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/translations\/client\/de\.json\?v=[\w-]+)"/.exec(body);
  expect(preload, 'the messages preload').not.toBeNull();
  const messages = await fetch(`${origin}${preload![1]}`);
  expect(messages.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(((await messages.json()) as { messages: { feed: unknown } }).messages.feed).toEqual(german('namespaces/feed/de.json'));
});
