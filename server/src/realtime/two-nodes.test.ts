import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { createPost, createUser, startSession } from '../test/fixtures.ts';
import { type AppNode, ensureWebBuild, spawnAppNode, waitForHttp } from '../test/processes.ts';
import { type TestDatabase, testDatabase } from '../test/test-app.ts';
import { openSocket } from './test-socket.ts';

const JWT_SECRET = 'two-nodes-test-secret-0123456789abcdef';
const nodes: AppNode[] = [];
let database: TestDatabase;

/** One `main.ts app` process (HTTP and sockets, no worker) on the shared database. */
async function startNode(url: string) {
  const node = await spawnAppNode(url, { JWT_SECRET, EVENT_BUS: 'postgres' });
  nodes.push(node);
  await waitForHttp(`${node.base}/readyz`, node.proc, 30_000);
  return node.port;
}

beforeAll(async () => {
  await ensureWebBuild();
  database = await testDatabase();
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.stop();
  await database?.drop();
});

let started: Promise<[number, number]> | undefined;
/** Both nodes, started once for the file. */
const twoNodes = () => {
  started ??= Promise.all([startNode(database.url), startNode(database.url)]);
  return started;
};

test('a like made through node 1 reaches a socket on node 2', async () => {
  const [one, two] = await twoNodes();
  const handle = openDatabase(database.url, 2, createLogger('silent'));
  try {
    const liker = await createUser(handle.db);
    const author = await createUser(handle.db);
    const postId = await createPost(handle.db, author.id);
    const authorToken = (await startSession(handle.db, JWT_SECRET, author.id)).session.accessToken;
    const likerToken = (await startSession(handle.db, JWT_SECRET, liker.id)).session.accessToken;

    const socket = await openSocket(`ws://127.0.0.1:${two}/ws/`, { headers: { cookie: `authorization=${authorToken}` } });
    expect(await socket.next('connect')).toMatchObject({ userId: author.id });
    socket.send('viewingPost', { id: postId });
    await socket.next('post-likes');

    const liked = await fetch(`http://127.0.0.1:${one}/api/post/like/${postId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${likerToken}` },
    });
    expect(await liked.json()).toMatchObject({ statusCode: 1, likesCount: 1 });
    expect(await socket.next('post-likes')).toEqual({ postId, likesCount: 1 });
    expect(await socket.next('notification')).toMatchObject({ type: 'post-like', user: { id: liker.id }, post: { id: postId } });
    await socket.close();
  } finally {
    await handle.close();
  }
}, 90_000);

test('a logout through node 1 closes the socket of that session on node 2', async () => {
  const [one, two] = await twoNodes();
  const handle = openDatabase(database.url, 2, createLogger('silent'));
  try {
    const user = await createUser(handle.db);
    const token = (await startSession(handle.db, JWT_SECRET, user.id)).session.accessToken;
    const socket = await openSocket(`ws://127.0.0.1:${two}/ws/`, { headers: { cookie: `authorization=${token}` } });
    expect(await socket.next('connect')).toMatchObject({ userId: user.id });
    const loggedOut = await fetch(`http://127.0.0.1:${one}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await loggedOut.json()).toMatchObject({ statusCode: 2, userId: null });
    expect(await socket.closed).toBe(4001);
    const after = await fetch(`http://127.0.0.1:${two}/api/user?ifollow=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(await after.json()).toMatchObject({ error: 'login_required' });
  } finally {
    await handle.close();
  }
}, 90_000);
