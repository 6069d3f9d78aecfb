import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { PostStatus } from '../posts/post-status.ts';
import { authAs, createPost, createUser } from '../test/fixtures.ts';
import { type TestResponse, testApp } from '../test/test-app.ts';
import { authorisationMatrix, CALLERS, type Caller, type MatrixFixture, type MatrixRow } from './authorisation-matrix.ts';
import { routeKeys } from './route-list.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' } });
const { db } = t.container.database;
afterAll(() => t.close());

/** A fresh world per row: its owner, other users, posts, stored rendition and import. */
async function fixtureForRow(): Promise<{ fixture: MatrixFixture; headers: Record<Caller, Record<string, string>> }> {
  const [owner, other, user, banned] = [
    await createUser(db),
    await createUser(db),
    await createUser(db),
    await createUser(db, { banned: true }),
  ];
  const post = await createPost(db, owner.id, { tags: ['matrixtag'] });
  const privatePost = await createPost(db, owner.id, { status: PostStatus.private });
  const mediaOf = async (postId: number) => {
    const { name } = await db.selectFrom('media_files').select('name').where('post_id', '=', postId).executeTakeFirstOrThrow();
    await t.container.storage.put(`media/${name}/mp4-540.mp4`, new Uint8Array(64));
    return name;
  };
  const [mediaName, privateMediaName] = [await mediaOf(post), await mediaOf(privatePost)];
  const job = await db
    .insertInto('scraper_jobs')
    .values({ user_id: owner.id, source_url: 'https://example.test/clip.mp4' })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return {
    fixture: { owner, other, post, privatePost, mediaName, privateMediaName, scraperJob: job.uid },
    headers: {
      anonymous: {},
      visitor: { cookie: `anonymous=${visitorToken}` },
      banned: await authAs(t, banned.id),
      user: await authAs(t, user.id),
      other: await authAs(t, other.id),
      owner: await authAs(t, owner.id),
    },
  };
}

const visitorToken: string = (await t.post('/api/anonymous-login', {})).body.accessToken;

/** What an answer amounts to, in the matrix's terms (see Outcome). */
function outcomeOf(response: TestResponse): string {
  const body = response.body;
  if (typeof body?.statusCode === 'number') {
    if (typeof body.error === 'string') return body.error;
    return body.statusCode > 0 && response.status < 400 ? 'ok' : `http_${response.status}/statusCode_${body.statusCode}`;
  }
  return response.status < 400 ? 'ok' : `http_${response.status}`;
}

/** A row whose request is not an address of its own route would test the wrong thing. */
function matchesPattern(url: string, pattern: string): boolean {
  const path = url.split('?')[0] ?? url;
  const source = pattern
    .split(/(:[\w]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

async function walk(row: MatrixRow): Promise<Record<Caller, string>> {
  const { fixture, headers } = await fixtureForRow();
  const [method = '', pattern] = row.route.split(' ');
  const seen = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const { url, body, headers: extra } = row.request(fixture);
    const response = await t.request({
      method: method as 'GET',
      url,
      remoteAddress: nextAddress(),
      headers: { ...headers[caller], ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (!matchesPattern(url, pattern ?? '')) throw new Error(`${row.route}: its request ${url} does not fit the pattern`);
    seen[caller] = outcomeOf(response);
  }
  return seen;
}

describe('authorisation matrix', () => {
  test('every registered route has exactly one row, and every row names a registered route', () => {
    const registered = routeKeys(t.app.registeredRoutes);
    const rows = authorisationMatrix.map((row) => row.route);
    const missing = registered.filter((route) => !rows.includes(route));
    const stale = rows.filter((route) => !registered.includes(route));
    const twice = rows.filter((route, index) => rows.indexOf(route) !== index);
    expect(
      { missing, stale, twice },
      'Routes without a row need one in server/src/http/authorisation-matrix.ts (who may call them, and what everyone else gets); stale or doubled rows must go',
    ).toEqual({ missing: [], stale: [], twice: [] });
  });

  test.each(authorisationMatrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const seen = await walk(row);
    const wrong = CALLERS.filter((caller) => seen[caller] !== row.expect[caller]).map(
      (caller) => `${caller}: expected ${row.expect[caller]}, got ${seen[caller]}`,
    );
    expect(wrong, `${row.route}`).toEqual([]);
  });
});
