import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type AppNode,
  ensureWebBuild,
  type NodeProcess,
  spawnAppNode,
  waitForHttp,
  waitForOutput,
  within,
} from '../test/processes.ts';
import { type TestDatabase, testDatabase } from '../test/test-app.ts';

/**
 * HTTP_PROCESSES (http-processes.ts): `main.ts app` with two processes on one port. Both serve, `/metrics`
 * answers for the node whichever process takes the scrape, a process that dies is replaced while the node
 * keeps answering, and SIGTERM stops them all.
 */
const METRICS_TOKEN = 'http-processes-metrics-token';
let database: TestDatabase;
let app: AppNode;
let node: NodeProcess;
let base: string;

beforeAll(async () => {
  await ensureWebBuild();
  database = await testDatabase();
  app = await spawnAppNode(database.url, {
    JWT_SECRET: 'http-processes-test-secret-0123456789abcdef',
    METRICS_TOKEN,
    HTTP_PROCESSES: '2',
    LOG_LEVEL: 'info',
  });
  ({ proc: node, base } = app);
  // Each process logs once it listens; the node's port takes connections from the first one on.
  await waitForOutput(node, /Velvet is running[\s\S]*Velvet is running/, 240_000);
  await waitForHttp(`${base}/readyz`, node, 10_000);
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

function childrenOf(proc: NodeProcess): number[] {
  const pid = proc.child.pid;
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** CPU time a process has used, in clock ticks (user + system). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const metrics = async () =>
  (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' } })).text();

/** The node-wide count of answered `GET /healthz`, as /metrics reports it. */
async function healthzCount(): Promise<number> {
  const line = (await metrics()).match(/^velvet_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m);
  return Number(line?.[1] ?? 0);
}

test('new connections are shared between the processes, and /metrics counts the whole node', async () => {
  const [first, second] = childrenOf(node) as [number, number];
  const before = [cpuTicks(first), cpuTicks(second)];
  // Each request on a connection of its own: the primary hands connections to its processes in turn.
  for (let page = 0; page < 16; page++) {
    const response = await fetch(`${base}/legal/terms`, { headers: { cookie: 'have18=1', connection: 'close' } });
    expect(response.status).toBe(200);
    await response.text();
  }
  expect(cpuTicks(first)).toBeGreaterThan(before[0]! + 3);
  expect(cpuTicks(second)).toBeGreaterThan(before[1]! + 3);

  const counted = await healthzCount();
  for (let request = 0; request < 6; request++) await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
  // Whichever process takes each scrape, the figure is the sum over both.
  for (let scrape = 0; scrape < 4; scrape++) expect(await healthzCount()).toBe(counted + 6);
  expect(await metrics()).toMatch(/^velvet_db_pool_connections\{state="open"\} \d+$/m);
});

test('a process that dies is replaced, even when all die at once; SIGTERM stops them all', async () => {
  const [victim, survivor] = childrenOf(node) as [number, number];
  process.kill(victim, 'SIGKILL');
  await expect.poll(() => childrenOf(node).includes(victim), { timeout: 10_000 }).toBe(false);
  for (let request = 0; request < 4; request++) {
    expect((await fetch(`${base}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
  }
  await expect.poll(() => childrenOf(node).filter((pid) => pid !== victim).length, { timeout: 120_000 }).toBe(2);
  expect(childrenOf(node)).toContain(survivor);
  await waitForHttp(`${base}/readyz`, node, 120_000);

  // Both at once: the primary has nothing left but its restart timer, and must not exit.
  const both = childrenOf(node);
  for (const pid of both) process.kill(pid, 'SIGKILL');
  await expect.poll(() => childrenOf(node).filter((pid) => !both.includes(pid)).length, { timeout: 120_000 }).toBe(2);
  expect(node.child.exitCode).toBeNull();
  await waitForHttp(`${base}/readyz`, node, 120_000);

  const children = childrenOf(node);
  node.child.kill('SIGTERM');
  expect(await within(node.exited, 20_000, 'the node did not stop')).toBe(0);
  for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
}, 300_000);
