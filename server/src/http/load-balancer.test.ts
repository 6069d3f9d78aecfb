import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashPassword } from '../accounts/password.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { demoClip } from '../media/upload/upload-test-support.ts';
import { PostStatus } from '../posts/post-status.ts';
import { openSocket, type TestSocket } from '../realtime/test-socket.ts';
import { createVerifiedCreator } from '../test/fixtures.ts';
import { multipart } from '../test/multipart.ts';
import { startNginx } from '../test/nginx.ts';
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

/**
 * Issue 24, scale-out: Debian's nginx in front of two app nodes and two workers, on one PostgreSQL (the
 * test run's, through DATABASE_URL) and one S3-compatible store (s3rver). A user logs in, uploads, the
 * workers publish the post, it is in the feed and its media is served from S3, a like made on node A
 * reaches a websocket on node B; then the node holding a websocket stops, the client reconnects through
 * nginx to the other and finds the notification it missed.
 */
const JWT_SECRET = 'load-balancer-test-secret-0123456789abcdef';
const METRICS_TOKEN = 'load-balancer-metrics-token';
const PASSWORD = 'a long enough password for the test';
const folders: { remove(): void }[] = [];
const processes: NodeProcess[] = [];
let database: TestDatabase;
let handle: DatabaseHandle;
let s3: S3rver;
let apps: { proc: NodeProcess; port: number }[] = [];
let balancer: string;

async function startVelvet(mode: 'app' | 'worker', env: Record<string, string>) {
  const dataDir = temporaryDirectory();
  folders.push(dataDir);
  const port = await freePort();
  const proc = spawnNode(['server/src/main.ts', mode], { ...env, DATA_DIR: dataDir.path, PORT: String(port) });
  processes.push(proc);
  return { proc, port };
}

beforeAll(async () => {
  await ensureWebBuild();
  database = await testDatabase();
  handle = openDatabase(database.url, 2, createLogger('silent'));
  const s3Folder = temporaryDirectory('velvet-lb-s3-');
  folders.push(s3Folder);
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Folder.path,
    configureBuckets: [{ name: 'lb', configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const nginxPort = await freePort();
  balancer = `http://127.0.0.1:${nginxPort}`;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    BASE_URL: balancer,
    DATABASE_URL: database.url,
    JWT_SECRET,
    METRICS_TOKEN,
    SEED_DEMO: 'false',
    EVENT_BUS: 'postgres',
    TRUST_PROXY: '1',
    HTTP_CONNECTIONS_PER_ADDRESS: '0',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'lb',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    WORKER_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
  };
  apps = await Promise.all([startVelvet('app', env), startVelvet('app', env)]);
  await Promise.all([startVelvet('worker', env), startVelvet('worker', env)]);
  const nginx = startNginx(
    nginxPort,
    apps.map((app) => app.port),
  );
  processes.push(nginx);
  folders.push(nginx);
  // Start-up under a loaded CI machine takes long: it imports the server and the built web app.
  for (const app of apps) await waitForHttp(`http://127.0.0.1:${app.port}/readyz`, app.proc, 240_000);
  await waitForHttp(`${balancer}/readyz`, nginx, 10_000);
}, 300_000);

afterAll(async () => {
  for (const proc of processes) await stopProcess(proc);
  await s3?.close();
  await handle?.close();
  await database?.drop();
  for (const folder of folders) folder.remove();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function logIn(username: string): Promise<string> {
  const response = await fetch(`${balancer}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await response.json()) as { accessToken: string };
  expect(body.accessToken).toBeTruthy();
  return body.accessToken;
}

async function userWithPassword() {
  // A verified creator, as the author uploads (UPLOADS_REQUIRE_VERIFICATION); the fan could be either.
  const user = await createVerifiedCreator(handle.db);
  await handle.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  return { ...user, token: await logIn(user.username) };
}

/** Which app node holds the open websocket: the one whose /metrics counts one. */
async function nodeHoldingSocket(): Promise<number> {
  for (const [index, app] of apps.entries()) {
    const text = await (await fetch(`http://127.0.0.1:${app.port}/metrics`, { headers: bearer(METRICS_TOKEN) })).text();
    if (/^velvet_websockets_open 1$/m.test(text)) return index;
  }
  throw new Error('no node holds the socket');
}

async function waitForPublished(postId: number) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const post = await handle.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
    if (post.status === PostStatus.published) return;
    if (Date.now() > deadline) throw new Error(`post ${postId} has status ${post.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('login, upload, processing, feed, media from S3, likes across nodes and a node stopped under a websocket', async () => {
  const author = await userWithPassword();
  const fan = await userWithPassword();

  // Upload through the balancer; the workers transcode from S3 and publish.
  const clipFolder = temporaryDirectory('velvet-lb-clip-');
  folders.push(clipFolder);
  await demoClip(join(clipFolder.path, 'clip.mp4'), 2);
  const { upToken } = (await (await fetch(`${balancer}/api/media/uptoken`, { headers: bearer(author.token) })).json()) as {
    upToken: string;
  };
  const form = multipart([
    { name: 'purpose', value: 'post' },
    { name: 'upToken', value: upToken },
    { name: 'file', value: await readFile(join(clipFolder.path, 'clip.mp4')), filename: 'clip.mp4', type: 'video/mp4' },
  ]);
  const uploaded = (await (
    await fetch(`${balancer}/media-api/upload-preprocess`, {
      method: 'POST',
      headers: { ...bearer(author.token), 'content-type': form.contentType },
      body: new Uint8Array(form.payload),
    })
  ).json()) as { statusCode: number; postId: number };
  expect(uploaded.statusCode).toBe(1);
  const { postId } = uploaded;
  await waitForPublished(postId);

  const feed = (await (await fetch(`${balancer}/api/post?latest=1&limit=10`)).json()) as {
    posts: { id: number; media: { variants: Record<string, string> }[] }[];
  };
  const listed = feed.posts.find((post) => post.id === postId);
  expect(listed).toBeDefined();
  const video = listed?.media[0]?.variants['mp4-540'] ?? Object.values(listed?.media[0]?.variants ?? {})[0];
  const served = await fetch(`${balancer}${video}`);
  expect(served.status).toBe(200);
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  // A like on node A reaches the author's socket on node B.
  const [nodeA, nodeB] = apps as [(typeof apps)[0], (typeof apps)[0]];
  const direct = await openSocket(`ws://127.0.0.1:${nodeB.port}/ws/`, { headers: { cookie: `authorization=${author.token}` } });
  await direct.next('connect');
  direct.send('viewingPost', { id: postId });
  await direct.next('post-likes');
  const liked = await fetch(`http://127.0.0.1:${nodeA.port}/api/post/like/${postId}`, {
    method: 'POST',
    headers: bearer(fan.token),
  });
  expect(await liked.json()).toMatchObject({ statusCode: 1, likesCount: 1 });
  expect(await direct.next('post-likes', undefined, 15_000)).toEqual({ postId, likesCount: 1 });
  await direct.close();

  // The author's socket through nginx; its node stops; a like arrives meanwhile; the client reconnects.
  const viaBalancer = `ws://127.0.0.1:${new URL(balancer).port}/ws/`;
  let socket: TestSocket = await openSocket(viaBalancer, { headers: { cookie: `authorization=${author.token}` } });
  await socket.next('connect');
  const holding = await nodeHoldingSocket();
  await stopProcess((apps[holding] as (typeof apps)[0]).proc);
  expect(await socket.closed).toBeGreaterThan(0);
  await fetch(`${balancer}/api/post/like/${postId}`, { method: 'DELETE', headers: bearer(fan.token) });
  const again = await fetch(`${balancer}/api/post/like/${postId}`, { method: 'POST', headers: bearer(fan.token) });
  expect(await again.json()).toMatchObject({ statusCode: 1 });
  socket = await openSocket(viaBalancer, { headers: { cookie: `authorization=${author.token}` } });
  await socket.next('connect');
  const missed = (await (
    await fetch(`${balancer}/api/notification/post-like?limit=30`, { headers: bearer(author.token) })
  ).json()) as {
    statusCode: number;
  };
  expect(JSON.stringify(missed)).toContain(`"id":${fan.id}`);
  await socket.close();
}, 300_000);
