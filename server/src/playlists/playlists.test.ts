import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPlaylist } from '../search/discovery-fixtures.ts';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { playlists } = t.container.services.discovery;

let goldenId: number;
let gayId: number;

beforeAll(async () => {
  const author = await createUser(db);
  const posts = [await createPost(db, author.id), await createPost(db, author.id)];
  goldenId = await createPlaylist(db, { name: 'Golden Hour', popularity: 50, names: { cs: 'Zlatá hodinka' }, postIds: posts });
  gayId = await createPlaylist(db, { name: 'Pride Parade', lgbt: 2, popularity: 90 });
  for (let index = 0; index < 21; index++) await createPlaylist(db, { name: `Mix ${index}`, popularity: index });
});

describe('GET /api/playlist/popular', () => {
  test('the most popular playlists of the orientation, with address and cover', async () => {
    const { body } = await t.get('/api/playlist/popular?lgbt=1');
    expect(body.playlists).toHaveLength(20);
    expect(body.playlists[0]).toMatchObject({
      id: goldenId,
      name: 'Golden Hour',
      postsCount: 2,
      lgbt: 1,
      path: `/playlist/${goldenId}-Golden-Hour`,
    });
    expect(Object.keys(body.playlists[0].cover)).toContain('mp4-540');
    const gay = (await t.get('/api/playlist/popular?lgbt=2')).body.playlists;
    expect(gay).toMatchObject([{ id: gayId, path: `/playlist-gay/${gayId}-Pride-Parade` }]);
  });
});

describe('GET /api/playlist/', () => {
  test('pages the newest by 20 with offset', async () => {
    const first = (await t.get('/api/playlist/?limit=20&lgbt=1')).body;
    expect(first.playlists).toHaveLength(20);
    expect(first.canLoadMore).toBe(true);
    const second = (await t.get('/api/playlist/?limit=20&offset=20&lgbt=1')).body;
    expect(second.playlists).toHaveLength(2);
    expect(second.canLoadMore).toBe(false);
    expect((await t.get('/api/playlist/?limit=21')).body.statusCode).toBe(-10);
  });

  test('playlistId answers that playlist in the reader language; an unknown one is not found', async () => {
    const { body } = await t.get(`/api/playlist/?playlistId=${goldenId}`, { language: 'cs' });
    expect(body.playlists).toMatchObject([{ id: goldenId, name: 'Zlatá hodinka' }]);
    expect((await t.get('/api/playlist/?playlistId=999999')).body.statusCode).toBe(-13);
  });

  test('splaylist searches names in every language, accents and typos forgiven', async () => {
    const byTranslation = (await t.get('/api/playlist/?splaylist=zlata')).body.playlists;
    expect(byTranslation.map((playlist: { id: number }) => playlist.id)).toEqual([goldenId]);
    const typo = (await t.get('/api/playlist/?splaylist=goldan')).body.playlists;
    expect(typo.map((playlist: { id: number }) => playlist.id)).toEqual([goldenId]);
  });
});

describe('translations and stats', () => {
  test('/translations/playlist/{locale}.json/ gives the name in that locale', async () => {
    const { body } = await t.get(`/translations/playlist/cs-CZ.json/?id=${goldenId}`);
    expect(body).toMatchObject({ statusCode: 2, id: goldenId, name: 'Zlatá hodinka', translations: { cs: 'Zlatá hodinka' } });
    expect((await t.get('/translations/playlist/cs-CZ.json/?id=0')).body.statusCode).toBe(-10);
  });

  test('recordHit and recordShare count on the playlist', async () => {
    await playlists.recordHit(goldenId);
    await playlists.recordShare(goldenId, 'visitor-9');
    const row = await db
      .selectFrom('playlists')
      .select(['hits_count', 'shares_count'])
      .where('id', '=', goldenId)
      .executeTakeFirstOrThrow();
    expect([Number(row.hits_count), row.shares_count]).toEqual([1, 1]);
    await expect(playlists.recordHit(999_999)).rejects.toMatchObject({ code: 'not_found' });
  });
});
