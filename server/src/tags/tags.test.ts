import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { normalizeTag } from '../posts/tag-name.ts';
import { createTag } from '../search/discovery-fixtures.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { tagFeedSize } from './tag-names.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { tags } = t.container.services.discovery;

let danceId: number;
let yogaId: number;
let nicheId: number;

beforeAll(async () => {
  danceId = await createTag(db, {
    names: { en: 'Dance', cs: 'Tanec', es: 'Baile', ja: 'ダンス' },
    useCount: 950,
    hits: 40,
    category: true,
  });
  yogaId = await createTag(db, { names: { en: 'Yoga', cs: 'Jóga' }, useCount: 45, hits: 900, postLikes: 5 });
  nicheId = await createTag(db, { names: { en: 'Zither' }, useCount: 12, hits: 1 });
  await createTag(db, { names: { en: 'Ándale' }, useCount: 120 });
});

describe('names', () => {
  test('normalisation removes accents, spaces and # and lowers the case, keeping Japanese voicing marks', () => {
    expect(normalizeTag('#Golden Hour')).toBe('goldenhour');
    expect(normalizeTag('Café Crème')).toBe('cafecreme');
    expect(normalizeTag('ダンス')).toBe('ダンス');
  });

  test('tag x is count/10 clamped to 10–500, 50 without a count', () => {
    expect([tagFeedSize(0), tagFeedSize(950), tagFeedSize(2000), tagFeedSize(99_999), tagFeedSize(undefined)]).toEqual([
      10, 95, 200, 500, 50,
    ]);
  });
});

describe('GET /api/tag/alphabet', () => {
  test('lists only tags used at least minUsage times (90 by default), grouped by letter', async () => {
    const { body } = await t.get('/api/tag/alphabet');
    expect(body).toMatchObject({ statusCode: 2, minUsage: 90 });
    const names = body.alphabet.flatMap((section: { tags: { name: string }[] }) => section.tags.map((tag) => tag.name));
    expect(names).toEqual(['Ándale', 'Dance']);
    expect(body.alphabet.map((section: { letter: string }) => section.letter)).toEqual(['A', 'D']);
  });

  test('a lower minimum (30) has its own answer and includes less used tags, in the reader language', async () => {
    const { body } = await t.get('/api/tag/alphabet?minUsage=30', { language: 'cs' });
    const names = body.alphabet.flatMap((section: { tags: { name: string }[] }) => section.tags.map((tag) => tag.name));
    expect(names).toEqual(['Ándale', 'Jóga', 'Tanec']);
  });

  test('rejects a minimum below 1 with the input error', async () => {
    const { body } = await t.get('/api/tag/alphabet?minUsage=0');
    expect(body.statusCode).toBe(-10);
  });
});

describe('tag lists', () => {
  test('tophits orders by hits, popular by usage with paging, category only categories', async () => {
    const hits = (await t.get('/api/tag/tophits')).body;
    expect(hits.tags[0]).toMatchObject({ id: yogaId, tag: 'yoga', stats: { hitsCount: 900 } });
    const popular = (await t.get('/api/tag/popular')).body;
    expect(popular.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['dance', 'andale', 'yoga', 'zither']);
    expect(popular.canLoadMore).toBe(false);
    const categories = (await t.get('/api/tag/category?limit=60')).body;
    expect(categories.tags.map((tag: { id: number }) => tag.id)).toEqual([danceId]);
    expect((await t.get('/api/tag/category?limit=61')).body.statusCode).toBe(-10);
  });

  test('a lang parameter (server-side page loaders) picks the reader language like the header', async () => {
    const { body } = await t.get('/api/tag/popular?lang=cs');
    expect(body.tags[0]).toMatchObject({ tag: 'dance', name: 'Tanec', lang: 'cs' });
  });

  test('every tag carries the §3 fields', async () => {
    const { body } = await t.get('/api/tag/popular', { language: 'es' });
    expect(body.tags[0]).toMatchObject({
      id: danceId,
      tagId: danceId,
      tag: 'dance',
      name: 'Baile',
      lang: 'es',
      primary: false,
      useCount: 950,
      likedByUser: false,
      tagMedia: null,
      tagDetail: '',
      path: '/tag/dance',
      stats: {
        useCount: 950,
        sharesCount: 0,
        postLikesCount: 0,
        postSharesCount: 0,
        postViewsCount: 0,
        postVisible: 950,
        hitsCount: 40,
      },
    });
  });

  test('users-liked: a visitor gets the most liked tags, a user the tags of the posts they liked', async () => {
    const anonymous = (await t.get('/api/tag/users-liked')).body;
    expect(anonymous.tags[0].id).toBe(yogaId);
    const author = await createUser(db);
    const fan = await createUser(db);
    const postId = await createPost(db, author.id, { tags: ['zither'] });
    await db.insertInto('likes').values({ user_id: fan.id, post_id: postId }).execute();
    const mine = await (await actingAs(t, fan.id)).get('/api/tag/users-liked');
    expect(mine.tags).toHaveLength(1);
    expect(mine.tags[0]).toMatchObject({ id: nicheId, likedByUser: true });
  });
});

describe('GET /api/tag/translate and /translations/tag', () => {
  test('finds a tag by its name in any language and answers it in the reader language with x', async () => {
    const { body } = await t.get('/api/tag/translate?tag=Tanec&lgbt=2', { language: 'de' });
    expect(body.statusCode).toBe(2);
    expect(body.x).toBe(95);
    expect(body.tag).toMatchObject({ id: danceId, tag: 'dance', name: 'Dance', primary: true, path: '/tag-gay/dance' });
    expect(body.tag.translations.map((translation: { lang: string }) => translation.lang)).toEqual(['cs', 'en', 'es', 'ja']);
  });

  test('an unknown tag is not found', async () => {
    expect((await t.get('/api/tag/translate?tag=nothinglikethis')).body.statusCode).toBe(-13);
  });

  test('the translation file gives the name for the locale in the path', async () => {
    const { body } = await t.get('/translations/tag/cs-CZ.json/?tag=dance');
    expect(body).toMatchObject({
      statusCode: 2,
      tag: 'dance',
      lang: 'cs',
      name: 'Tanec',
      translations: { ja: 'ダンス', es: 'Baile' },
    });
    expect((await t.get('/translations/tag/english.json/?tag=dance')).body.statusCode).toBe(-10);
  });
});

describe('tag stats', () => {
  test('recordHit and recordShare count hits, shares and the share event', async () => {
    const before = await db
      .selectFrom('tags')
      .select(['hits_count', 'shares_count'])
      .where('id', '=', nicheId)
      .executeTakeFirstOrThrow();
    await tags.recordHit('Zither', 'en-US');
    await tags.recordShare('zither', 'en-US', 'visitor-1');
    const after = await db
      .selectFrom('tags')
      .select(['hits_count', 'shares_count'])
      .where('id', '=', nicheId)
      .executeTakeFirstOrThrow();
    expect(Number(after.hits_count)).toBe(Number(before.hits_count) + 1);
    expect(after.shares_count).toBe(before.shares_count + 1);
    const events = await db.selectFrom('share_events').selectAll().where('target_kind', '=', 'tag').execute();
    expect(events).toMatchObject([{ target_id: nicheId, viewer_key: 'visitor-1' }]);
    await expect(tags.recordHit('no-such-tag', 'en-US')).rejects.toMatchObject({ code: 'not_found' });
  });
});
