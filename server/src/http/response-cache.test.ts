import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
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

test('requests carrying credentials bypass the cache', async () => {
  await t.get('/api/settings?country=CA');
  const credentials: Record<string, string>[] = [
    { cookie: 'authorization=token' },
    { cookie: 'refresh=token' },
    { authorization: 'Bearer token' },
  ];
  for (const headers of credentials) {
    const response = await t.get('/api/settings?country=CA', headers);
    expect(response.headers['x-cache'], JSON.stringify(headers)).toBeUndefined();
    expect(response.body.country.code).toBe('CA');
  }
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
