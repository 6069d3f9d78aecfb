import { afterAll, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

/**
 * The guard of spec §7's cache: which routes may have their answers stored is an explicit list, checked
 * against every GET route the app registers, so a new route is uncached until someone adds it here.
 */
const t = await testApp();
afterAll(() => t.close());

const db = t.container.database.db;
const author = await createUser(db);
const postId = await createPost(db, author.id, { tags: ['guarded'] });
const postLink = encodeURIComponent(`${new URL(t.container.config.http.baseUrl).origin}/embed/${postId}`);
const soundFile = await db
  .insertInto('media_files')
  .values({ name: 'sndguarded', kind: 'audio', mime_type: 'audio/mp4', variants: '{}' })
  .returning('id')
  .executeTakeFirstOrThrow();
const sound = await db
  .insertInto('sounds')
  .values({ name: 'Guarded', media_file_id: soundFile.id })
  .returning('id')
  .executeTakeFirstOrThrow();

/** Each cacheable route with a request that gets a public answer from it. */
const CACHEABLE: Record<string, string> = {
  '/api/settings': '/api/settings',
  '/translations/client/:file': '/translations/client/de-DE.json',
  '/api/post/': '/api/post/?limit=2&latest=1',
  '/api/post': `/api/post?userId=${author.id}`,
  '/api/post/:id': `/api/post/${postId}`,
  '/api/oembed': `/api/oembed?url=${postLink}`,
  '/api/2/search': '/api/2/search?q=guarded',
  '/api/search/post-tag': '/api/search/post-tag?q=guarded',
  '/api/search/whisperer': '/api/search/whisperer?q=gua',
  '/api/search/whisperer/tag': '/api/search/whisperer/tag?q=gua',
  '/api/search/user': '/api/search/user?q=fx',
  '/api/search/tag': '/api/search/tag?q=guarded',
  '/api/search/top-queries': '/api/search/top-queries',
  '/api/search/popular': '/api/search/popular',
  '/api/search/combo': '/api/search/combo',
  '/api/search/random': '/api/search/random',
  '/api/tag/alphabet': '/api/tag/alphabet',
  '/api/tag/tophits': '/api/tag/tophits',
  '/api/tag/category': '/api/tag/category',
  '/api/tag/users-liked': '/api/tag/users-liked',
  '/api/tag/popular': '/api/tag/popular',
  '/api/tag/translate': '/api/tag/translate?tag=guarded',
  '/api/playlist/popular': '/api/playlist/popular',
  '/api/playlist/': '/api/playlist/',
  '/api/playlist': '/api/playlist?limit=5',
  '/api/sound': '/api/sound',
  '/api/sound/': '/api/sound/',
  '/api/sound/:id': `/api/sound/${sound.id}`,
  '/api/prbn/': '/api/prbn/?position=home',
  '/api/prbn': '/api/prbn?position=feed',
  '/api/user/:id': `/api/user/${author.id}`,
  '/api/user/:id/followers': `/api/user/${author.id}/followers`,
  '/api/user/:id/following': `/api/user/${author.id}/following`,
};

const routes = t.app.responseCacheRoutes;
const visitor = `anonymous=${(await t.post('/api/anonymous-login', {})).body.accessToken}`;

/** A request for a route pattern: path parameters filled with plausible values. */
function sampleUrl(pattern: string): string {
  const values: Record<string, string> = { id: '1', file: 'en.json', list: 'follow', x: 'A'.repeat(20) };
  return pattern.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? '1').replace('*', 'sample.mp4');
}

test('the routes whose answers may be stored are exactly the listed ones', () => {
  // The list covers the whole app: routes of every kind are in it.
  for (const known of ['/healthz', '/api/refresh', '/api/media/uptoken', '/api/notification/:list', '/media/*'])
    expect(routes.has(known), known).toBe(true);
  const cacheable = [...routes].filter(([, shared]) => shared).map(([url]) => url);
  expect(cacheable.sort()).toEqual(Object.keys(CACHEABLE).sort());
});

test('no other GET route is ever answered from the cache, for a stranger nor for a visitor', async () => {
  const others = [...routes].filter(([url, shared]) => !shared && url !== '/ws/').map(([url]) => url);
  expect(others.length).toBeGreaterThan(15);
  for (const url of others.map(sampleUrl)) {
    for (const cookie of [undefined, visitor]) {
      const headers = cookie ? { cookie } : undefined;
      for (const round of [1, 2]) {
        const response = await t.get(url, headers);
        expect(response.headers['x-cache'], `${url} ${cookie ? 'visitor' : 'stranger'} #${round}`).toBeUndefined();
      }
    }
  }
});

test('every listed route is stored for strangers, never from a request with credentials', async () => {
  for (const [pattern, url] of Object.entries(CACHEABLE)) {
    const first = await t.get(url, { cookie: `${visitor}; refresh=${'A'.repeat(43)}` });
    expect(first.body.statusCode, `${pattern}: ${first.text.slice(0, 200)}`).toBe(2);
    expect((await t.get(url)).headers['x-cache'], `${pattern} stored from a credentialed request`).toBeUndefined();
    expect((await t.get(url)).headers['x-cache'], `${pattern} not stored`).toBe('hit');
  }
});
