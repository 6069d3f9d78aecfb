import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_LOGIN } from './seed/demo-data.ts';
import { ensureWebBuild, freePort, spawnNode, stopProcess, temporaryDirectory, waitForHttp, within } from './test/processes.ts';
import { type TestDatabase, testDatabase } from './test/test-app.ts';

const databases: TestDatabase[] = [];
beforeAll(ensureWebBuild, 120_000);
afterAll(async () => {
  for (const database of databases) await database.drop();
});

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => resolve(true)).on('error', () => resolve(false));
    socket.setTimeout(1000, () => resolve(false));
  });

const cases = [
  { mode: 'app', database: 'external' },
  { mode: 'app-with-worker', database: 'external' },
  { mode: 'app-with-worker', database: 'embedded' },
] as const;

// A first start initialises PostgreSQL and applies every migration, slow on a busy 2-core machine.
const slowStart = { timeout: 60_000 };
test.each(cases)('`main.ts $mode` on $database PostgreSQL stops cleanly on SIGTERM', slowStart, async ({ mode, database }) => {
  const dataDir = temporaryDirectory();
  const port = await freePort();
  const pgPort = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir.path,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'info',
  };
  if (database === 'external') {
    const external = await testDatabase();
    databases.push(external);
    env.DATABASE_URL = external.url;
  }
  const server = spawnNode(['server/src/main.ts', mode], env);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server, 30_000);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A deployment never comes up with the demo account, whose password the README publishes.
    const demoLogin = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_LOGIN.username, password: DEMO_LOGIN.password }),
    }).then((response) => response.json());
    expect(demoLogin.statusCode).toBeLessThan(0);

    const started = Date.now();
    server.child.kill('SIGTERM');
    const code = await within(server.exited, 10_000, `main.ts ${mode} did not stop:\n${server.output()}`);
    expect(code, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(await listening(port)).toBe(false);
    if (database === 'embedded') expect(await listening(pgPort), 'the embedded PostgreSQL outlived the app').toBe(false);
  } finally {
    await stopProcess(server);
    dataDir.remove();
  }
});

test('`main.ts app` with SEED_DEMO=true on an external database stops with one line and creates nothing', async () => {
  const dataDir = temporaryDirectory();
  const external = await testDatabase();
  databases.push(external);
  const server = spawnNode(['server/src/main.ts', 'app'], {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir.path,
    DATABASE_URL: external.url,
    SEED_DEMO: 'true',
  });
  try {
    expect(await within(server.exited, 10_000, 'main.ts did not stop')).toBe(2);
    expect(server.output().trim().split('\n')).toEqual([expect.stringMatching(/^Invalid setting SEED_DEMO: /)]);
  } finally {
    await stopProcess(server);
    dataDir.remove();
  }
});
