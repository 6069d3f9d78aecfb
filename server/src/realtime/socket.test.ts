import { afterAll, describe, expect, test } from 'vitest';
import { TokensRepository } from '../accounts/tokens.repository.ts';
import { opaqueToken, tokenDigest } from '../accounts/tokens.ts';
import { actingAs, createPost, createUser, ensureTag, startSession } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { openSocket, type TestSocket } from './test-socket.ts';

const t = await testApp({ env: { WS_HEARTBEAT_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '100000', WS_SOCKETS_PER_ADDRESS: '1000' } });
const { db } = t.container.database;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const wsUrl = `${address.replace('http', 'ws')}/ws/`;
const sockets: TestSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await t.close();
});

const tokenOf = async (userId: number) => (await startSession(db, t.container.config.auth.jwtSecret, userId)).session.accessToken;

/** A socket authenticated by the `authorization` cookie, as a browser's would be. */
async function socketOf(userId?: number, options: { autoPong?: boolean } = {}) {
  const headers = userId === undefined ? undefined : { cookie: `authorization=${await tokenOf(userId)}` };
  const socket = await openSocket(wsUrl, { headers, ...options });
  sockets.push(socket);
  await socket.next('connect');
  return socket;
}

const post = (id: number) => db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('connecting', () => {
  test('a socket learns who it is: anonymous, or the cookie user with unread counts', async () => {
    const anonymous = await openSocket(wsUrl);
    sockets.push(anonymous);
    expect(await anonymous.next('connect')).toEqual({ userId: null, unread: {} });

    const user = await createUser(db);
    const fan = await createUser(db);
    await (await actingAs(t, fan.id)).post('/api/user/follow', { userId: user.id });
    const socket = await openSocket(wsUrl, { headers: { cookie: `authorization=${await tokenOf(user.id)}` } });
    sockets.push(socket);
    expect(await socket.next('connect')).toEqual({ userId: user.id, unread: { 'user-follow': 1 } });
  });

  test('a page of another site cannot open a socket; our own origin can', async () => {
    await expect(openSocket(wsUrl, { headers: { origin: 'https://evil.example' } })).rejects.toThrow(/403/);
    const own = await openSocket(wsUrl, { headers: { origin: t.container.config.http.baseUrl } });
    sockets.push(own);
    await own.next('connect');
  });
});

describe('protection', () => {
  test('malformed and unknown messages are answered with an error, and the socket stays open', async () => {
    const socket = await socketOf();
    socket.ws.send('not json');
    expect(await socket.next('error')).toMatchObject({ code: 'socket_message_invalid', statusCode: -150 });
    socket.send('dropTables', {});
    expect(await socket.next('error')).toMatchObject({ code: 'socket_message_invalid' });
    socket.send('sharePost', { id: 'x' });
    expect(await socket.next('error')).toMatchObject({ code: 'socket_message_invalid' });
    socket.send('readNotif', { type: 'user-follow' });
    expect(await socket.next('error')).toMatchObject({ code: 'login_required', event: 'readNotif' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  test('an oversized message closes the socket (1009)', async () => {
    const socket = await socketOf();
    socket.ws.send(JSON.stringify({ event: 'hitTag', data: { tag: 'x'.repeat(5000) } }));
    expect(await socket.closed).toBe(1009);
  });

  test('a flood is rate limited, then closed', async () => {
    const socket = await socketOf();
    for (let index = 0; index < 200; index++) socket.send('visChange', { hidden: false });
    expect(await socket.next('error', (data) => data.code === 'socket_rate_limited')).toMatchObject({ statusCode: -151 });
    expect(await socket.closed).toBe(1008);
  });

  test('a peer that stops answering pings is dropped', async () => {
    const socket = await socketOf(undefined, { autoPong: false });
    const started = Date.now();
    expect(await socket.closed).toBe(1006);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('server events', () => {
  test("a like from A reaches B's socket as a notification, and the live count reaches viewers", async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const postId = await createPost(db, b.id, { title: 'Sunset walk' });
    const bSocket = await socketOf(b.id);
    const viewer = await socketOf();
    viewer.send('viewingPost', { id: postId });
    expect(await viewer.next('post-likes')).toEqual({ postId, likesCount: 0 });

    await (await actingAs(t, a.id)).post(`/api/post/like/${postId}`);
    const notification = await bSocket.next('notification');
    expect(notification).toMatchObject({
      type: 'post-like',
      isNew: true,
      user: { id: a.id },
      post: { id: postId },
      unread: { 'post-like': 1 },
    });
    expect(await viewer.next('post-likes')).toEqual({ postId, likesCount: 1 });
  });

  test("a banned user's open socket receives logout-banned and closes", async () => {
    const user = await createUser(db);
    const socket = await socketOf(user.id);
    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', user.id).execute();
    expect(await socket.next('logout-banned')).toBeDefined();
    expect(await socket.closed).toBe(4003);
  });

  test("a logout closes that session's sockets (4001) and no others; a password change closes them all", async () => {
    const user = await createUser(db);
    const [leaving, staying] = [await tokenOf(user.id), await tokenOf(user.id)];
    const open = async (token: string) => {
      const socket = await openSocket(wsUrl, { headers: { cookie: `authorization=${token}` } });
      sockets.push(socket);
      expect(await socket.next('connect')).toMatchObject({ userId: user.id });
      return socket;
    };
    const [leavingSocket, stayingSocket] = [await open(leaving), await open(staying)];
    await t.request({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${leaving}` } });
    expect(await leavingSocket.closed).toBe(4001);
    stayingSocket.send('visChange', { hidden: false });
    expect(stayingSocket.ws.readyState).toBe(stayingSocket.ws.OPEN);

    await t.container.services.accounts.accounts.changePassword(user.id, undefined, 'A socket test passphrase 3');
    expect(await stayingSocket.closed).toBe(4001);
  });

  test('a banned user who connects is told to log out at once', async () => {
    const user = await createUser(db, { banned: true });
    const socket = await openSocket(wsUrl, { headers: { cookie: `authorization=${await tokenOf(user.id)}` } });
    sockets.push(socket);
    await socket.next('logout-banned');
    expect(await socket.closed).toBe(4003);
  });

  test('media, scraper and failed-check events reach only their owner', async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    const mine = await socketOf(owner.id);
    const theirs = await socketOf(other.id);
    await t.container.events.publish({ type: 'media', userId: owner.id, media: { id: 7, status: 3, progress: 40 } });
    await t.container.events.publish({ type: 'scraperJob', userId: owner.id, job: { id: 3, uid: 'abc', state: 'started' } });
    await t.container.events.publish({ type: 'check-video-failed', userId: owner.id, mediaId: 7, reason: 'duplicate' });
    expect(await mine.next('media')).toEqual({ id: 7, status: 3, progress: 40 });
    expect(await mine.next('scraperJob')).toEqual({ id: 3, uid: 'abc', state: 'started' });
    expect(await mine.next('check-video-failed')).toMatchObject({ mediaId: 7, reason: 'duplicate' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.frames.map((frame) => frame.event)).toEqual(['connect']);
  });
});

describe('client events', () => {
  test('viewingPost counts one view a day and sends the counters; viewedPost counts a completion', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    const socket = await socketOf((await createUser(db)).id);
    socket.send('viewingPost', { id: postId });
    expect(await socket.next('post-shares')).toEqual({ postId, shareCount: 0 });
    socket.send('viewingPost', { id: postId });
    await socket.next('post-shares');
    expect((await post(postId)).views_count).toBe(1);
    socket.send('viewedPost', { id: postId });
    socket.send('viewedPost', { id: postId });
    await expect.poll(async () => (await post(postId)).completions).toBe(1);
  });

  test('readNotif marks every unread notification of the type read, and other tabs hear it', async () => {
    const user = await createUser(db);
    const fan = await actingAs(t, (await createUser(db)).id);
    await fan.post('/api/user/follow', { userId: user.id });
    const tab1 = await socketOf(user.id);
    const tab2 = await socketOf(user.id);
    tab1.send('readNotif', { type: 'user-follow' });
    expect(await tab2.next('notifications-read')).toEqual({ type: 'user-follow' });
    const rows = await db.selectFrom('notifications').select('read_at').where('user_id', '=', user.id).execute();
    expect(rows.length).toBe(1);
    expect(rows[0]?.read_at).toBeInstanceOf(Date);
  });

  test('hits on playlists, tags and profiles count once per socket', async () => {
    const { id: playlistId } = await db
      .insertInto('playlists')
      .values({ name: 'Chill' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tagId = await ensureTag(db, 'sunset');
    const profile = await createUser(db);
    const socket = await socketOf();
    for (let round = 0; round < 2; round++) {
      socket.send('hitPlaylist', { id: playlistId });
      socket.send('hitTag', { tag: 'Sun Set' });
      socket.send('hitUser', { id: profile.id });
    }
    await expect
      .poll(
        async () =>
          (await db.selectFrom('profile_stats').select('hits_count').where('user_id', '=', profile.id).executeTakeFirst())
            ?.hits_count,
      )
      .toBe(1);
    const playlist = await db.selectFrom('playlists').select('hits_count').where('id', '=', playlistId).executeTakeFirstOrThrow();
    const tag = await db.selectFrom('tags').select('hits_count').where('id', '=', tagId).executeTakeFirstOrThrow();
    expect([playlist.hits_count, tag.hits_count]).toEqual([1, 1]);
  });

  test('shares count once per viewer a day; a post share reaches its viewers live', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    const { id: playlistId } = await db.insertInto('playlists').values({ name: 'Mix' }).returning('id').executeTakeFirstOrThrow();
    const tagId = await ensureTag(db, 'beach');
    const viewer = await socketOf();
    viewer.send('viewingPost', { id: postId });
    await viewer.next('post-shares');
    const sharer = await socketOf((await createUser(db)).id);
    for (let round = 0; round < 2; round++) {
      sharer.send('sharePost', { id: postId });
      sharer.send('shareProfile', { id: author.id });
      sharer.send('shareTag', { tag: 'Beach', lgbt: 1 });
      sharer.send('sharePlaylist', { id: playlistId });
    }
    expect(await viewer.next('post-shares')).toEqual({ postId, shareCount: 1 });
    await expect
      .poll(
        async () =>
          (await db.selectFrom('playlists').select('shares_count').where('id', '=', playlistId).executeTakeFirstOrThrow())
            .shares_count,
      )
      .toBe(1);
    expect((await post(postId)).shares_count).toBe(1);
    const tag = await db.selectFrom('tags').select('shares_count').where('id', '=', tagId).executeTakeFirstOrThrow();
    const profile = await db
      .selectFrom('profile_stats')
      .select('shares_count')
      .where('user_id', '=', author.id)
      .executeTakeFirstOrThrow();
    expect([tag.shares_count, profile.shares_count]).toEqual([1, 1]);
    const logged = await db.selectFrom('share_events').select('target_kind').where('viewer_key', 'like', 'u:%').execute();
    expect(logged.map((row) => row.target_kind).sort()).toEqual(['playlist', 'post', 'profile', 'tag']);
  });

  test('visChange: a hidden tab gets no live counters, and fresh ones when it shows again', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    const socket = await socketOf();
    socket.send('viewingPost', { id: postId });
    await socket.next('post-likes');
    socket.send('visChange', { hidden: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await (await actingAs(t, (await createUser(db)).id)).post(`/api/post/like/${postId}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.filter((frame) => frame.event === 'post-likes')).toHaveLength(1);
    socket.send('visChange', { hidden: false });
    expect(await socket.next('post-likes')).toEqual({ postId, likesCount: 1 });
  });

  test('emailAction confirms the address with the e-mailed token, and says so', async () => {
    const user = await createUser(db);
    const token = opaqueToken();
    await new TokensRepository(db).replaceAction({
      userId: user.id,
      purpose: 'verify-email',
      digest: tokenDigest(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const socket = await socketOf();
    socket.send('emailAction', { emailUUID: token, action: 'verify-email' });
    expect(await socket.next('emailAction')).toEqual({ action: 'verify-email', ok: true });
    const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeInstanceOf(Date);
    socket.send('emailAction', { emailUUID: token, action: 'verify-email' });
    expect(await socket.next('emailAction')).toMatchObject({ ok: false, error: 'token_invalid' });
  });
});
