import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { ACCOUNT_TEST_ENV, Browser, signedUp } from '../accounts/test-support.ts';
import { authAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const shared = { sharedAnswer: { query: [] } };
const t = await testApp({
  env: ACCOUNT_TEST_ENV,
  routes: async (app) => {
    // Routes that wrongly declare a shared answer while handing out a credential.
    app.get('/api/test/shared-token', { config: shared }, async () => ({ statusCode: 2, accessToken: 'secret' }));
    app.get('/api/test/shared-session-cookie', { config: shared }, async (_request, reply) => {
      reply.setCookie('anonymous', 'secret', { path: '/', httpOnly: true });
      return { statusCode: 2 };
    });
    app.get('/api/test/shared-preference-cookie', { config: shared }, async (_request, reply) => {
      reply.setCookie('have18', '1', { path: '/' });
      return { statusCode: 2 };
    });
  },
});
afterAll(() => t.close());

/** A creator's profile list long enough (about 6 KB) to be worth compressing. */
const author = await createUser(t.container.database.db);
for (let post = 0; post < 6; post++) await createPost(t.container.database.db, author.id, { tags: ['cached'] });
const profileList = `/api/post/?userId=${author.id}&limit=12`;

/** The cookie of a new anonymous visitor, as a browser sends it with every API call. */
async function visitor(): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/anonymous-login',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  return `anonymous=${response.body.accessToken}`;
}

test("a refresh answer is never stored: a stranger's cookie-less call gets neither a hit nor the user's token", async () => {
  // A browser that was a visitor before logging in, whose access token has since expired.
  const visitorFirst = new Browser(t);
  await visitorFirst.post('/api/anonymous-login');
  const { browser } = await signedUp(t);
  const cookies = { anonymous: visitorFirst.jar.get('anonymous') as string, refresh: browser.jar.get('refresh') as string };
  const renewed = await t.request({ method: 'GET', url: '/api/refresh', cookies, headers: { language: 'en-US' } });
  expect(renewed.body.statusCode).toBe(2);

  const stranger = await t.get('/api/refresh', { language: 'en-US' });
  expect(stranger.headers['x-cache']).toBeUndefined();
  expect(stranger.text).not.toContain(renewed.body.accessToken);
  expect(stranger.body.statusCode).toBeLessThan(0);
  expect(renewed.headers['cache-control']).toBe('no-store');
});

test('a second anonymous GET of the same answer is served from the cache', async () => {
  const first = await t.get('/api/settings?country=FR');
  const second = await t.get('/api/settings?country=FR');
  expect(first.headers['x-cache']).toBeUndefined();
  expect(second.headers['x-cache']).toBe('hit');
  expect(second.body).toEqual(first.body);
  expect(second.headers['content-type']).toMatch(/^application\/json/);
});

test('the cache keeps locales and forced countries apart', async () => {
  await t.get('/api/settings?country=IT');
  const otherLanguage = await t.get('/api/settings?country=IT', { language: 'it' });
  expect(otherLanguage.headers['x-cache']).toBeUndefined();
  expect(otherLanguage.body.country.name).toBe('Italia');

  await t.get('/api/settings', { country: 'ES' });
  const otherCountry = await t.get('/api/settings', { country: 'GB' });
  expect(otherCountry.headers['x-cache']).toBeUndefined();
  expect(otherCountry.body.country.code).toBe('GB');
});

test('requests carrying credentials are neither answered from the cache nor stored, whatever else they carry', async () => {
  await t.get('/api/settings?country=CA');
  const anonymous = `anonymous=${(await t.post('/api/anonymous-login', {})).body.accessToken}`;
  const credentials: Record<string, string>[] = [
    { cookie: 'authorization=token' },
    { cookie: 'refresh=token' },
    { authorization: 'Bearer token' },
    { authorization: 'Basic dXNlcjpwYXNz' },
    { cookie: `${anonymous}; refresh=token` },
    { cookie: `${anonymous}; authorization=token` },
    { cookie: anonymous, authorization: 'Bearer token' },
  ];
  for (const headers of credentials) {
    const response = await t.get('/api/settings?country=CA', headers);
    expect(response.headers['x-cache'], JSON.stringify(headers)).toBeUndefined();
    expect(response.body.country.code).toBe('CA');

    const url = `/api/sound/?limit=${credentials.indexOf(headers) + 1}`;
    await t.get(url, headers);
    expect((await t.get(url)).headers['x-cache'], `${JSON.stringify(headers)} stored`).toBeUndefined();
  }
});

test('answers that set a cookie are never kept, even on a shared route; those handing out a credential say no-store', async () => {
  const paths = {
    '/api/test/shared-token': 'no-store',
    '/api/test/shared-session-cookie': 'no-store',
    '/api/test/shared-preference-cookie': undefined,
  };
  for (const [path, cacheControl] of Object.entries(paths)) {
    for (const round of [1, 2]) {
      const response = await t.get(path);
      expect(response.headers['x-cache'], `${path} #${round}`).toBeUndefined();
      expect(response.headers['cache-control'], path).toBe(cacheControl);
    }
  }
});

test('every answer that issues a session says no-store', async () => {
  const visitor = new Browser(t);
  expect((await visitor.post('/api/anonymous-login')).headers['cache-control']).toBe('no-store');
  const { browser, username, password } = await signedUp(t);
  expect((await browser.post('/api/logout')).headers['cache-control']).toBe('no-store');
  const login = await browser.post('/api/login', { username, password });
  expect(login.body.statusCode).toBe(2);
  expect(login.headers['cache-control']).toBe('no-store');
  expect((await browser.get('/api/refresh')).headers['cache-control']).toBe('no-store');
});

test('the key holds only the parameters the route declares, as its schema reads them', async () => {
  await t.get('/api/sound/?limit=7&offset=1');
  for (const same of [
    '/api/sound/?offset=1&limit=7',
    '/api/sound/?limit=7&offset=1&junk=2',
    '/api/sound/?limit=07&offset=01&lang=xx',
  ]) {
    expect((await t.get(same)).headers['x-cache'], same).toBe('hit');
  }
  expect((await t.get('/api/sound/?limit=7&offset=2')).headers['x-cache']).toBeUndefined();
  expect((await t.get('/api/sound?limit=7&offset=1')).headers['x-cache']).toBeUndefined();
});

test('error answers are not cached', async () => {
  await t.get('/api/nothing-here');
  const again = await t.get('/api/nothing-here');
  expect(again.status).toBe(404);
  expect(again.headers['x-cache']).toBeUndefined();
});

test("a visitor's answers are their own: a visitor token in the anonymous cookie bypasses the cache", async () => {
  await t.get('/api/post/?limit=5', { cookie: await visitor() });
  const other = await t.get('/api/post/?limit=5', { cookie: await visitor() });
  expect(other.headers['x-cache']).toBeUndefined();
});

test("a list is shared between visitors, a visitor's home mix is not, and the orientation cookie keeps lists apart", async () => {
  const [first, second] = [await visitor(), await visitor()];
  await t.get('/api/post/?limit=4&latest=1', { cookie: first });
  expect((await t.get('/api/post/?limit=4&latest=1', { cookie: second })).headers['x-cache']).toBe('hit');
  expect(
    (await t.get('/api/post/?limit=4&latest=1', { cookie: `${second}; lgbtPreference=2` })).headers['x-cache'],
  ).toBeUndefined();
  await t.get('/api/post/?limit=3', { cookie: first });
  expect((await t.get('/api/post/?limit=3', { cookie: first })).headers['x-cache']).toBeUndefined();
});

test('a hit is answered in the coding the client accepts and decodes to the first answer', async () => {
  const path = profileList;
  const first = await t.get(path);
  expect(first.text.length).toBeGreaterThan(1024);
  const decoders = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync };
  const asks = [
    { acceptEncoding: 'gzip, deflate, br, zstd', coding: 'zstd' },
    { acceptEncoding: 'gzip, br;q=0.9', coding: 'gzip' },
    { acceptEncoding: 'br', coding: 'br' },
    { acceptEncoding: 'x-gzip', coding: 'gzip' },
  ] as const;
  for (const { acceptEncoding, coding } of asks) {
    for (const round of [1, 2]) {
      const hit = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': acceptEncoding } });
      expect(hit.headers['x-cache'], `${acceptEncoding} #${round}`).toBe('hit');
      expect(hit.headers['content-encoding']).toBe(coding);
      expect(hit.headers.vary).toBe('accept-encoding');
      expect(hit.rawPayload.length).toBeLessThan(first.text.length / 3);
      expect(decoders[coding](hit.rawPayload).toString()).toBe(first.text);
    }
  }
  const plain = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(first.text);
});

test('a fresh answer is compressed the way a cached one is', async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `${profileList}&offset=0`,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  expect(response.headers['x-cache']).toBeUndefined();
  expect(response.headers['content-encoding']).toBe('zstd');
  expect(JSON.parse(zstdDecompressSync(response.rawPayload).toString()).statusCode).toBe(2);
});

test('small answers are not compressed, fresh or cached', async () => {
  for (const round of [1, 2]) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/post/?limit=1&userId=${author.id}`,
      headers: { 'accept-encoding': 'zstd' },
    });
    expect(response.headers['x-cache']).toBe(round === 2 ? 'hit' : undefined);
    expect(response.headers['content-encoding']).toBeUndefined();
  }
});

test("a takedown empties the cache at once: a deleted post's card is not served from it again", async () => {
  const { db } = t.container.database;
  const postId = await createPost(db, author.id);
  const card = `/api/post/${postId}`;
  const list = `/api/post/?userId=${author.id}&limit=30`;
  await t.get(card);
  await t.get(list);
  expect((await t.get(card)).headers['x-cache']).toBe('hit');
  expect((await t.get(list)).headers['x-cache']).toBe('hit');

  const deleted = await t.request({ method: 'DELETE', url: card, headers: await authAs(t, author.id) });
  expect(deleted.body.statusCode).toBeGreaterThan(0);
  // The trigger's NOTIFY reaches the cache on commit, a moment after the answer.
  await expect.poll(async () => (await t.get(card)).headers['x-cache'], { timeout: 5_000 }).toBeUndefined();
  expect((await t.get(card)).body.statusCode).toBeLessThan(0);
  expect((await t.get(list)).body.posts ?? []).not.toContainEqual(expect.objectContaining({ id: postId }));
});
