/**
 * Websocket benchmark: 5,000 logged-in sockets on one app node, then a second node on the same
 * PostgreSQL. Prints the node's memory per socket and the delivery latency from a like (HTTP request sent
 * to node 1) to the notification frame on the recipient's socket, p50/p99, with the recipient on node 1
 * and then on node 2 (through the PostgreSQL LISTEN/NOTIFY bus). Run after `npm run build`:
 *
 *   node bench/src/sockets.ts [--sockets 5000] [--likes 300]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { openDatabase } from '../../server/src/db/database.ts';
import { embeddedDatabaseUrl } from '../../server/src/db/embedded.ts';
import { createLogger } from '../../server/src/logger.ts';
import { startSession } from '../../server/src/test/fixtures.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(root, 'bench/.data/sockets');
const resultsFile = resolve(root, 'bench/.results/sockets.json');
const PG_PORT = 54472;
const JWT_SECRET = 'bench-sockets-secret-0123456789abcdefghij';
const CONNECT_BATCH = 250;
const children: ChildProcess[] = [];

const { values } = parseArgs({ options: { sockets: { type: 'string' }, likes: { type: 'string' } } });
const SOCKETS = Number(values.sockets ?? 5000);
const LIKES = Number(values.likes ?? 300);

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** `main.ts app` (HTTP and sockets only); node 1 owns the embedded PostgreSQL, node 2 joins it. */
async function startNode(name: string, databaseUrl = '') {
  const port = await freePort();
  const log = openSync(resolve(dataDir, `${name}.log`), 'w');
  const child = spawn(process.execPath, [resolve(root, 'server/src/main.ts'), 'app'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: resolve(dataDir, name),
      EMBEDDED_PG_PORT: String(PG_PORT),
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SEED_DEMO: 'false',
      EVENT_BUS: 'postgres',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Every bench socket comes from 127.0.0.1.
      WS_SOCKETS_PER_ADDRESS: '100000000',
    },
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start; see ${dataDir}/${name}.log`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return { url, pid: child.pid as number };
}

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

interface Client {
  readonly ws: WebSocket;
  waitFor(event: string): Promise<void>;
}

function connect(url: string, token: string): Promise<Client> {
  const ws = new WebSocket(url, { headers: { cookie: `authorization=${token}` } });
  const waiting = new Map<string, () => void>();
  ws.on('message', (raw) => {
    const event = JSON.parse(raw.toString()).event as string;
    waiting.get(event)?.();
    waiting.delete(event);
  });
  const client: Client = {
    ws,
    waitFor: (event) => new Promise((done) => waiting.set(event, done)),
  };
  const connected = client.waitFor('connect');
  return new Promise((done, fail) => {
    ws.once('error', fail);
    void connected.then(() => done(client));
  });
}

async function connectAll(url: string, tokens: readonly string[]): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    clients.push(...(await Promise.all(tokens.slice(start, start + CONNECT_BATCH).map((token) => connect(url, token)))));
  }
  return clients;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Likes each post once through `apiUrl`, `concurrency` at a time, timing until the author's socket hears it. */
async function likeLatencies(
  apiUrl: string,
  likerToken: string,
  targets: { postId: number; client: Client }[],
  concurrency: number,
) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const { postId, client } = targets[next++] as { postId: number; client: Client };
      const heard = client.waitFor('notification');
      const started = performance.now();
      const answer = await fetch(`${apiUrl}/api/post/like/${postId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${likerToken}` },
      });
      if (!answer.ok) throw new Error(`like answered ${answer.status}`);
      await heard;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sorted = latencies.sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** The machine's noise floor: sequential GET /readyz (one `SELECT 1`) round trips to node 1. */
async function httpBaseline(apiUrl: string, count: number) {
  const latencies: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await (await fetch(`${apiUrl}/readyz`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { count, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.error(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const node1 = await startNode('node-1');
  const databaseUrl = embeddedDatabaseUrl(resolve(dataDir, 'node-1', 'pg'), PG_PORT);
  const database = openDatabase(databaseUrl, 4, createLogger('silent'));
  const { db } = database;
  const users = await sql<{ id: number }>`
    INSERT INTO users (username) SELECT 'bench_' || g FROM generate_series(1, ${SOCKETS}) g RETURNING id`.execute(db);
  const userIds = users.rows.map((row) => Number(row.id));
  const liker = await db.insertInto('users').values({ username: 'bench_liker' }).returning('id').executeTakeFirstOrThrow();
  const recipients = userIds.slice(0, LIKES);
  const posts = await sql<{ id: number; user_id: number; round: number }>`
    INSERT INTO posts (user_id, kind, status, published_at)
    SELECT u, 'video', 6, now() FROM unnest(${recipients}::bigint[]) u CROSS JOIN generate_series(1, 3) round
    RETURNING id, user_id`.execute(db);
  const postsOf = new Map<number, number[]>();
  for (const row of posts.rows) postsOf.set(Number(row.user_id), [...(postsOf.get(Number(row.user_id)) ?? []), Number(row.id)]);
  const tokenOf = async (userId: number) => (await startSession(db, JWT_SECRET, userId)).session.accessToken;
  const tokens = await Promise.all(userIds.map(tokenOf));
  const likerToken = await tokenOf(liker.id);

  await new Promise((done) => setTimeout(done, 2000));
  const idleRss = rssBytes(node1.pid);
  const connectStarted = performance.now();
  const clients = await connectAll(`${node1.url.replace('http', 'ws')}/ws/`, tokens);
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await new Promise((done) => setTimeout(done, 3000));
  const busyRss = rssBytes(node1.pid);
  const perSocketKb = (busyRss - idleRss) / SOCKETS / 1024;

  const targets = (round: number, list: Client[]) =>
    recipients.map((userId, index) => ({ postId: postsOf.get(userId)?.[round] as number, client: list[index] as Client }));
  const baseline = await httpBaseline(node1.url, LIKES);
  const oneNode = await likeLatencies(node1.url, likerToken, targets(0, clients), 1);
  const oneNodeLoaded = await likeLatencies(node1.url, likerToken, targets(1, clients), 16);

  const node2 = await startNode('node-2', databaseUrl);
  const moved = await connectAll(`${node2.url.replace('http', 'ws')}/ws/`, tokens.slice(0, LIKES));
  for (const client of clients.slice(0, LIKES)) client.ws.close();
  const twoNodes = await likeLatencies(node1.url, likerToken, targets(2, moved), 1);

  const results = {
    sockets: SOCKETS,
    connectSeconds,
    node1RssIdleMb: idleRss / 2 ** 20,
    node1RssWithSocketsMb: busyRss / 2 ** 20,
    memoryPerSocketKb: perSocketKb,
    latencyMs: { readyzBaseline: baseline, oneNode, oneNodeSixteenAtOnce: oneNodeLoaded, acrossNodes: twoNodes },
    loadAverage: loadavg(),
  };
  mkdirSync(resolve(root, 'bench/.results'), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(results, null, 2));
  const ms = (value: number) => value.toFixed(1).padStart(8);
  console.log(
    `${SOCKETS} sockets on node 1: connected in ${connectSeconds.toFixed(1)} s; RSS ${(idleRss / 2 ** 20).toFixed(0)} → ${(busyRss / 2 ** 20).toFixed(0)} MB, ${perSocketKb.toFixed(1)} KB per socket`,
  );
  console.log('like → recipient socket      likes    p50 ms   p99 ms   max ms');
  for (const [label, figures] of [
    ['GET /readyz (one SELECT 1)', baseline],
    ['one node, one at a time', oneNode],
    ['one node, 16 at once', oneNodeLoaded],
    ['node 1 → socket on node 2', twoNodes],
  ] as const) {
    console.log(
      `${label.padEnd(28)} ${String(figures.count).padStart(6)} ${ms(figures.p50)} ${ms(figures.p99)} ${ms(figures.max)}`,
    );
  }
  for (const client of [...clients, ...moved]) client.ws.terminate();
  await database.close();
}

async function stopChildren() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

main()
  .then(stopChildren)
  .catch(async (error) => {
    console.error(error);
    await stopChildren();
    process.exit(1);
  });
