import { afterAll, describe, expect, test } from 'vitest';
import { addressKey } from '../posts/viewer.ts';
import { createPost, createUser, startSession } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { openSocket, type TestSocket } from './test-socket.ts';

const SOCKETS_PER_ADDRESS = 3;
const t = await testApp({
  env: {
    RATE_LIMIT_PER_MINUTE: '100000',
    VISITOR_TOKENS_PER_ADDRESS: '1000',
    WS_SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
  },
});
const { db } = t.container.database;
const listening = await t.app.listen({ port: 0, host: '127.0.0.1' });
const wsUrl = `${listening.replace('http', 'ws')}/ws/`;
const sockets: TestSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await t.close();
});

/** An anonymous socket from one loopback address (each test its own, so the per-address cap stays apart). */
async function socketFrom(localAddress: string, headers?: Record<string, string>) {
  const socket = await openSocket(wsUrl, { localAddress, headers });
  sockets.push(socket);
  return socket;
}

const viewsOf = async (id: number) =>
  (await db.selectFrom('posts').select('views_count').where('id', '=', id).executeTakeFirstOrThrow()).views_count;
const visitorToken = async () => (await t.post('/api/anonymous-login', {})).body.accessToken as string;

describe('reconnect', () => {
  test('swapping visitor tokens on one socket is refused, so a loop of them counts one view', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const socket = await socketFrom('127.0.0.21', { cookie: `anonymous=${await visitorToken()}` });
    await socket.next('connect');
    socket.send('viewingPost', { id: postId });
    await socket.next('post-likes');
    for (let round = 0; round < 10; round++) {
      socket.send('reconnect', { token: await visitorToken() });
      expect(await socket.next('error')).toMatchObject({ code: 'socket_identity_changed', statusCode: -165, event: 'reconnect' });
      socket.send('viewedPost', { id: postId });
    }
    socket.send('viewingPost', { id: postId });
    await socket.next('post-likes');
    expect(await viewsOf(postId)).toBe(1);
  });

  test('a user socket may renew its own token, but not become another user or anonymous', async () => {
    const [user, other] = await Promise.all([createUser(db), createUser(db)]);
    const tokenOf = async (id: number) => (await startSession(db, t.container.config.auth.jwtSecret, id)).session.accessToken;
    const socket = await socketFrom('127.0.0.22', { cookie: `authorization=${await tokenOf(user.id)}` });
    expect(await socket.next('connect')).toMatchObject({ userId: user.id });
    socket.send('reconnect', { token: await tokenOf(user.id) });
    expect(await socket.next('connect')).toMatchObject({ userId: user.id });
    socket.send('reconnect', { token: await tokenOf(other.id) });
    expect(await socket.next('error')).toMatchObject({ code: 'socket_identity_changed' });
    socket.send('reconnect', {});
    expect(await socket.next('error')).toMatchObject({ code: 'socket_identity_changed' });
  });
});

describe('addresses', () => {
  test('an anonymous socket counts views under the digest of its address, the same key as HTTP', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const socket = await socketFrom('127.0.0.23');
    await socket.next('connect');
    socket.send('viewingPost', { id: postId });
    await socket.next('post-likes');
    const rows = await db.selectFrom('post_views').select('viewer_key').where('post_id', '=', postId).execute();
    expect(rows).toEqual([{ viewer_key: addressKey('127.0.0.23') }]);
    const overHttp = await t.request({
      method: 'POST',
      url: `/api/post/view/${postId}`,
      remoteAddress: '127.0.0.23',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(overHttp.body).toMatchObject({ statusCode: 1, counted: false, viewCount: 1 });
  });

  test('one address may hold WS_SOCKETS_PER_ADDRESS sockets; the next is told why and closed with 4029', async () => {
    const held = [];
    for (let index = 0; index < SOCKETS_PER_ADDRESS; index++) {
      const socket = await socketFrom('127.0.0.24');
      await socket.next('connect');
      held.push(socket);
    }
    const extra = await socketFrom('127.0.0.24');
    expect(await extra.next('error')).toMatchObject({ code: 'socket_limit_reached', statusCode: -166 });
    expect(await extra.closed).toBe(4029);

    const neighbour = await socketFrom('127.0.0.25');
    await neighbour.next('connect');
    await held[0]?.close();
    const again = await socketFrom('127.0.0.24');
    await again.next('connect');
  });
});
