import { afterAll, describe, expect, test } from 'vitest';
import { CountersRepository } from '../posts/counters.repository.ts';
import { EngagementService } from '../posts/engagement.service.ts';
import { TagPreferencesRepository } from '../posts/tag-preferences.repository.ts';
import { addressKey } from '../posts/viewer.ts';
import { openSocket, type TestSocket } from '../realtime/test-socket.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { UNKNOWN_SOURCE } from './view-source.ts';
import { WatchProgressRepository } from './watch-progress.repository.ts';
import { PROGRESS_REPORTS_PER_MINUTE } from './watch-progress.routes.ts';
import { WatchProgressService } from './watch-progress.service.ts';

const t = await testApp({
  env: {
    RATE_LIMIT_PER_MINUTE: '100000',
    COUNTED_VIEWERS_PER_NETWORK: '1000',
    WS_SOCKETS_PER_ADDRESS: '1000',
    ANALYTICS_COUNTRY_HEADER: 'cf-ipcountry',
  },
});
const { db } = t.container.database;
const { baseUrl } = t.container.config.http;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const wsUrl = `${address.replace('http', 'ws')}/ws/`;
const sockets: TestSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await t.close();
});

const eventsOf = (postId: number) =>
  db.selectFrom('view_events').selectAll().where('post_id', '=', postId).orderBy('viewed_at').execute();

/** A view of `postId` over HTTP from `from`, with a body and extra headers. */
const viewOverHttp = (postId: number, from: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/post/view/${postId}`,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

/** A progress report over HTTP, as the player's beacon sends it unless told otherwise. */
const progressOverHttp = (postId: number, from: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/post/progress/${postId}`,
    remoteAddress: from,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'sec-fetch-site': 'same-origin', ...headers },
    payload: JSON.stringify(body),
  });

describe('view events', () => {
  test('a counted view over HTTP keeps its page, external referrer and the trusted country; repeats add none', async () => {
    const owner = await createUser(db);
    const postId = await createPost(db, owner.id);
    const own = new URL(baseUrl).hostname;
    await viewOverHttp(postId, '10.1.0.1', { page: 'search', referrer: 'WWW.Reddit.com' }, { 'cf-ipcountry': 'de' });
    await viewOverHttp(postId, '10.1.0.1', { page: 'feed' }, { 'cf-ipcountry': 'FR' });
    await viewOverHttp(postId, '10.1.0.2', { page: 'tag', referrer: own }, { 'cf-ipcountry': 'XX' });
    await viewOverHttp(postId, '10.1.0.3', { referrer: 'not a host/..' }, { country: 'GB' });
    expect((await viewOverHttp(postId, '10.1.0.4', { page: 'nowhere' })).body).toMatchObject({ error: 'invalid_input' });

    const rows = await eventsOf(postId);
    expect(rows.map(({ page, referrer, country, owner_id }) => ({ page, referrer, country, owner_id }))).toEqual([
      { page: 'search', referrer: 'reddit.com', country: 'DE', owner_id: owner.id },
      { page: 'tag', referrer: 'direct', country: 'unknown', owner_id: owner.id },
      // The client's own `country` header is its chosen site country, not where it is.
      { page: 'other', referrer: 'direct', country: 'unknown', owner_id: owner.id },
    ]);
    expect(rows[0]?.viewer_key).toBe(addressKey('10.1.0.1'));
  });

  test('over the websocket: viewingPost counts with its source and the upgrade country, viewedPost completes it', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const socket = await openSocket(wsUrl, { headers: { 'cf-ipcountry': 'JP' } });
    sockets.push(socket);
    await socket.next('connect');
    socket.send('viewingPost', { id: postId, page: 'bogus' });
    expect(await socket.next('error')).toMatchObject({ code: 'socket_message_invalid' });
    socket.send('viewingPost', { id: postId, page: 'profile', referrer: 'x.com' });
    await socket.next('post-likes');
    socket.send('viewedPost', { id: postId, page: 'profile' });
    // Messages are handled in order: the answer to this one means viewedPost is done.
    socket.send('viewingPost', { id: postId, page: 'profile' });
    await socket.next('post-likes');
    expect(await eventsOf(postId)).toMatchObject([{ page: 'profile', referrer: 'x.com', country: 'JP', completed: true }]);
  });

  test('follows and unfollows are logged as gained and lost, repeats of either not at all', async () => {
    const creator = await createUser(db);
    const fan = await actingAs(t, (await createUser(db)).id);
    await fan.post('/api/user/follow', { userId: creator.id });
    await fan.post('/api/user/follow', { userId: creator.id });
    await fan.delete('/api/user/follow', { userId: creator.id });
    await fan.delete('/api/user/follow', { userId: creator.id });
    const kinds = await db
      .selectFrom('follow_events')
      .select('kind')
      .where('followee_id', '=', creator.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['gained', 'lost']);
  });
});

describe('watch progress', () => {
  // A clock the test moves: views and reports are stamped with it.
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const now = () => clock;
  const engagement = new EngagementService(
    new CountersRepository(db, { views: 1000, shares: 1000 }),
    new TagPreferencesRepository(db),
    now,
  );
  const progress = new WatchProgressService(new WatchProgressRepository(db), now);
  const viewer = { key: 'v:progress', network: 'net:progress' };
  const watched = async (postId: number) => (await eventsOf(postId)).map((row) => row.watched_ms);

  test('a report adds no more than the time since the last one, the duration, and 3 plays per view', async () => {
    // The fixture's video lasts 8 s.
    const postId = await createPost(db, (await createUser(db)).id);
    expect(await progress.report(postId, viewer.key, { watchedMs: 5000 })).toEqual({ counted: false, watchedMs: 0 });

    await engagement.recordView(postId, viewer, { source: UNKNOWN_SOURCE });
    clock += 4000;
    // The first report may also cover the 3 s the player ran before the view counted: 4 + 3 s.
    expect(await progress.report(postId, viewer.key, { watchedMs: 60_000 })).toEqual({ counted: true, watchedMs: 7000 });
    clock += 500;
    expect((await progress.report(postId, viewer.key, { watchedMs: 500 })).counted).toBe(false);
    clock += 60_000;
    // A minute later: capped by the video's duration.
    expect(await progress.report(postId, viewer.key, { watchedMs: 60_000 })).toMatchObject({ watchedMs: 15_000 });
    clock += 60_000;
    expect(await progress.report(postId, viewer.key, { watchedMs: 8000, completed: true })).toMatchObject({ watchedMs: 23_000 });
    clock += 60_000;
    // Three plays of 8 s are the view's most.
    expect(await progress.report(postId, viewer.key, { watchedMs: 8000 })).toMatchObject({ watchedMs: 24_000 });
    expect(await eventsOf(postId)).toMatchObject([{ completed: true }]);

    // The next 6-hour window counts a new view, with room again; a report across the window's end still adds to the old one.
    clock = Date.parse('2026-11-20T12:00:05Z');
    expect(await progress.report(postId, viewer.key, { watchedMs: 2000 })).toMatchObject({ counted: true, watchedMs: 24_000 });
    await engagement.recordView(postId, viewer, { source: UNKNOWN_SOURCE });
    clock += 2000;
    expect(await progress.report(postId, viewer.key, { watchedMs: 2000 })).toMatchObject({ watchedMs: 2000 });
    expect(await watched(postId)).toEqual([24_000, 2000]);
  });

  test('concurrent reports of one view add once', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    await engagement.recordView(postId, viewer, { source: UNKNOWN_SOURCE });
    clock += 5000;
    const answers = await Promise.all(Array.from({ length: 8 }, () => progress.report(postId, viewer.key, { watchedMs: 5000 })));
    expect(answers.filter((answer) => answer.counted)).toHaveLength(1);
    expect(await watched(postId)).toEqual([5000]);
  });

  test('over HTTP: a beacon (text/plain) or JSON adds to the view; another site may not report, even without cookies', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    await viewOverHttp(postId, '10.2.0.1', { page: 'embed' });
    const first = await progressOverHttp(postId, '10.2.0.1', { watchedMs: 1000, completed: true });
    expect(first.body).toEqual({ statusCode: 1, counted: true, watchedMs: 1000 });
    const crossSite = await progressOverHttp(postId, '10.2.0.1', { watchedMs: 1000 }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite).toMatchObject({ status: 403, body: { error: 'csrf_rejected' } });
    const foreign = await progressOverHttp(postId, '10.2.0.1', { watchedMs: 1000 }, { origin: 'https://evil.example' });
    expect(foreign.body.error).toBe('csrf_rejected');
    expect((await progressOverHttp(postId, '10.2.0.1', 'plain text')).status).toBe(400);
    expect((await progressOverHttp(postId, '10.2.0.1', { watchedMs: -1 })).body.error).toBe('invalid_input');
    // A viewer without a counted view adds nothing.
    expect((await progressOverHttp(postId, '10.2.0.9', { watchedMs: 1000 })).body.counted).toBe(false);
    expect(await eventsOf(postId)).toMatchObject([{ page: 'embed', completed: true, watched_ms: 1000 }]);
  });

  test('over HTTP, one address may report PROGRESS_REPORTS_PER_MINUTE times a minute', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const answers = [];
    for (let report = 0; report <= PROGRESS_REPORTS_PER_MINUTE; report++) {
      answers.push(await progressOverHttp(postId, '10.3.0.1', { watchedMs: 10 }));
    }
    expect(answers.slice(0, PROGRESS_REPORTS_PER_MINUTE).every((answer) => answer.status === 200)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
  });

  test('over the websocket: reports add to the view, and a socket reporting too often is told so', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const socket = await openSocket(wsUrl, { localAddress: '127.0.0.2' });
    sockets.push(socket);
    await socket.next('connect');
    socket.send('viewingPost', { id: postId, page: 'feed' });
    await socket.next('post-likes');
    for (let report = 0; report < 6; report++)
      socket.send('watchProgress', { id: postId, watchedMs: 100, completed: report === 0 });
    expect(await socket.next('error')).toMatchObject({
      code: 'watch_progress_too_frequent',
      statusCode: -290,
      event: 'watchProgress',
    });
    const [row] = await eventsOf(postId);
    expect(row).toMatchObject({ page: 'feed', completed: true });
    expect(row?.watched_ms).toBeGreaterThan(0);
    expect(row?.watched_ms).toBeLessThanOrEqual(100);
  });
});
