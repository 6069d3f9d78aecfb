import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { createPost, createVerifiedCreator, ensureTag, startSession } from '../test/fixtures.ts';
import {
  ensureWebBuild,
  freePort,
  type NodeProcess,
  spawnNode,
  stopProcess,
  temporaryDirectory,
  waitForHttp,
} from '../test/processes.ts';
import { type TestApp, type TestDatabase, testApp, testDatabase } from '../test/test-app.ts';
import { isSharedPagePath, PageCache } from './page-cache.ts';
import { inProcessApi } from './web.plugin.ts';

describe('which pages are shared', () => {
  test('tags, popular, playlists, profiles, their posts and the legal documents; nothing personal', () => {
    for (const path of [
      '/tag/dance',
      '/tag-gay/dance/12',
      '/tag',
      '/popular',
      '/popular-trans/demo/3',
      '/playlist/7',
      '/play/7/3',
      '/demo',
      '/demo.data',
      '/demo/post/12',
      '/user/demo/12',
      '/video',
      '/video2-gay',
      '/legal/terms',
      '/terms2257',
      '/cookie-policy',
    ]) {
      expect(isSharedPagePath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/login',
      '/settings',
      '/notifications',
      '/studio',
      '/studio/analytics',
      '/admin',
      '/following',
      '/new-post',
      '/release/abc',
      '/reset-password/abc',
      '/action/abc',
      '/complaint/follow-up/abc',
      '/demo/followers',
      '/legal/terms/extra',
    ]) {
      expect(isSharedPagePath(path), path).toBe(false);
    }
  });
});

// The built app in a process of its own, as in production: the cache sits between Fastify and the renderer.
describe('the page cache', () => {
  const dataDir = temporaryDirectory();
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let server: NodeProcess;
  let origin: string;
  let creator: { id: number; username: string };
  let postId: number;
  const jwtSecret = 'page-cache-test-secret-of-forty-characters';

  beforeAll(async () => {
    await ensureWebBuild();
    database = await testDatabase();
    handle = openDatabase(database.url, 2, createLogger('silent'));
    creator = await createVerifiedCreator(handle.db, { username: 'cache_creator' });
    postId = await createPost(handle.db, creator.id, { title: 'Cached dance', tags: ['cachedance'] });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawnNode(['server/src/main.ts', 'app'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir.path,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      JWT_SECRET: jwtSecret,
    });
    await waitForHttp(`${origin}/readyz`, server, 60_000);
  }, 180_000);

  afterAll(async () => {
    await stopProcess(server);
    await handle?.close();
    await database.drop();
    dataDir.remove();
  });

  interface Page {
    readonly body: string;
    readonly cache: string | null;
    readonly nonce: string | undefined;
    readonly setCookies: string[];
  }

  async function load(path: string, cookie: string): Promise<Page> {
    const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html', cookie }, redirect: 'manual' });
    expect(response.status, path).toBe(200);
    const policy = String(response.headers.get('content-security-policy'));
    return {
      body: await response.text(),
      cache: response.headers.get('x-cache'),
      nonce: /'nonce-([^']+)'/.exec(policy)?.[1],
      setCookies: response.headers.getSetCookie(),
    };
  }

  /** A visitor with their own token, as a browser holds it after its first page. */
  async function visitor(preferences: string): Promise<{ cookie: string; token: string }> {
    const first = await load('/legal/privacy-policy', preferences);
    const token = first.setCookies.flatMap((cookie) => /^anonymous=([^;]+)/.exec(cookie)?.[1] ?? [])[0];
    expect(token).toBeDefined();
    return { cookie: `${preferences}; anonymous=${token}`, token: String(token) };
  }

  /** Every nonce in the page is the one its own answer's policy allows. */
  function expectOwnNonce(page: Page): void {
    const nonces = new Set([...page.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
    expect(nonces.size).toBe(1);
    expect([...nonces]).toEqual([page.nonce]);
  }

  const sameBytes = (page: Page) => page.body.replaceAll(String(page.nonce), 'NONCE');
  const adult = 'have18=1; consent=necessary.preferences.statistics.marketing; prefersDarkScheme=2';

  test('two visitors never receive each other’s bytes: tokens, nonces, age gate, preferences', async () => {
    const first = await visitor(adult);
    const second = await visitor(adult);
    const newcomer = await visitor('prefersDarkScheme=1');
    const path = `/${creator.username}`;

    const rendered = await load(path, first.cookie);
    expect(rendered.cache).toBeNull();
    const copy = await load(path, second.cookie);
    expect(copy.cache).toBe('hit');
    expect(sameBytes(copy)).toBe(sameBytes(rendered));
    expect(copy.nonce).not.toBe(rendered.nonce);
    // Another visitor's preferences and age gate make another page, rendered for them.
    const own = await load(path, newcomer.cookie);
    expect(own.cache).toBeNull();
    expect(own.body).toContain('data-theme="light"');
    expect(own.body).not.toBe(rendered.body);

    for (const page of [rendered, copy, own]) {
      expectOwnNonce(page);
      for (const token of [first.token, second.token, newcomer.token]) expect(page.body).not.toContain(token);
    }
    expect(rendered.body).toContain('data-theme="dark"');
    expect(rendered.body).toContain('Cached dance');
  });

  test('a tag page and a post page are shared as well', async () => {
    const { cookie } = await visitor(adult);
    for (const path of ['/tag/cachedance', `/${creator.username}/post/${postId}`]) {
      await load(path, cookie);
      expect((await load(path, cookie)).cache, path).toBe('hit');
    }
  });

  test('a signed-in user neither reads nor fills the cache, and gets a private page', async () => {
    const { session, refresh } = await startSession(handle.db, jwtSecret, creator.id);
    const cookie = `${adult}; authorization=${session.accessToken}; refresh=${refresh?.token}`;
    const signedIn = async (path: string) => {
      const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html', cookie }, redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // The root data's session expiry: present only for a signed-in viewer.
      expect(await response.text()).toMatch(/\\"sessionExp\\",\d+/);
    };
    const { cookie: visitorCookie } = await visitor(adult);
    // A page visitors share is rendered for the user...
    const path = `/${creator.username}`;
    await load(path, visitorCookie);
    expect((await load(path, visitorCookie)).cache).toBe('hit');
    await signedIn(path);
    // ...and what is rendered for them is never handed to a visitor.
    await signedIn('/legal/cookie-policy');
    expect((await load('/legal/cookie-policy', visitorCookie)).cache).toBeNull();
  });

  test('a takedown empties the cache at once', async () => {
    const { cookie } = await visitor(adult);
    const path = `/tag/cachedance`;
    await load(path, cookie);
    expect((await load(path, cookie)).cache).toBe('hit');
    await handle.db.updateTable('posts').set({ deleted_at: new Date() }).where('id', '=', postId).execute();
    await expect.poll(async () => (await load(path, cookie)).cache, { timeout: 5_000 }).toBeNull();
  });
});

// The rules on a page of our own making, served as the page router's answers are (a stream with the nonce).
describe('what a page may keep', () => {
  let t: TestApp;
  let pages: PageCache;
  let tagId: number;

  beforeAll(async () => {
    t = await testApp({
      routes: async (app) => {
        app.get(
          '/tag/:tag',
          {
            preHandler: async (request, reply) => pages.answer(request, reply),
            onSend: async (request, reply, payload) => pages.keep(request, reply, payload),
          },
          async (request, reply) => {
            const { feed, status } = request.query as { feed?: string; status?: string };
            await inProcessApi(app, request)(feed === 'home' ? '/api/post/?limit=3' : `/api/post/?tagId=${tagId}&limit=3`);
            if (status === 'gone') reply.code(404);
            const html = `<script nonce="${request.cspNonce}">page</script>`;
            return reply.type('text/html').send(Readable.from([Buffer.from(html)]));
          },
        );
      },
    });
    pages = new PageCache({ maxBytes: 1_000_000, events: t.container.events });
    const creator = await createVerifiedCreator(t.container.database.db);
    await createPost(t.container.database.db, creator.id, { tags: ['kept'] });
    tagId = await ensureTag(t.container.database.db, 'kept');
  }, 60_000);

  afterAll(async () => {
    pages?.close();
    await t?.close();
  });

  async function visitorCookie(): Promise<string> {
    const first = await t.request({ method: 'GET', url: '/tag/kept?welcome', headers: { accept: 'text/html' } });
    const token = String(first.headers['set-cookie']).match(/anonymous=([^;]+)/)?.[1];
    expect(token).toBeDefined();
    return `anonymous=${token}`;
  }

  const twice = async (url: string, cookie: string) => {
    const load = () => t.request({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
    await load();
    return load();
  };

  test('a page built only of shared answers is kept, and each copy carries its own nonce', async () => {
    const cookie = await visitorCookie();
    const first = await t.request({ method: 'GET', url: '/tag/kept', headers: { accept: 'text/html', cookie } });
    const copy = await t.request({ method: 'GET', url: '/tag/kept', headers: { accept: 'text/html', cookie } });
    expect(copy.headers['x-cache']).toBe('hit');
    const nonceOf = (text: string) => /nonce="([^"]+)"/.exec(text)?.[1];
    expect(nonceOf(copy.text)).not.toBe(nonceOf(first.text));
    expect(String(copy.headers['content-security-policy'])).toContain(`'nonce-${nonceOf(copy.text)}'`);
  });

  test('one answer of the visitor’s own (their home mix) keeps the page out', async () => {
    const cookie = await visitorCookie();
    expect((await twice('/tag/kept?feed=home', cookie)).headers['x-cache']).toBeUndefined();
  });

  test('neither an answer other than 200 nor one that sets a cookie is kept', async () => {
    const cookie = await visitorCookie();
    expect((await twice('/tag/kept?status=gone', cookie)).headers['x-cache']).toBeUndefined();
    // Without a token the page hands one out (a Set-Cookie) every time.
    expect((await twice('/tag/kept?fresh', '')).headers['x-cache']).toBeUndefined();
  });
});
