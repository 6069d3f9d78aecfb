import { afterAll, beforeAll, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

let soundId: number;
let imagePostIds: number[];

async function createSound(name: string, uses: number) {
  const media = await db
    .insertInto('media_files')
    .values({
      name: `snd${name.replace(/\W/g, '')}`,
      kind: 'audio',
      mime_type: 'audio/mp4',
      duration_ms: 12_000,
      variants: JSON.stringify({ m4a: { key: `media/snd${name.replace(/\W/g, '')}/m4a.m4a`, mime: 'audio/mp4' } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('sounds')
    .values({ name, media_file_id: media.id, uses_count: uses })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  soundId = await createSound('Velvet Nights', 3);
  for (let index = 0; index < 31; index++) await createSound(`Loop ${index}`, 0);
  const author = await createUser(db);
  imagePostIds = [];
  for (let index = 0; index < 22; index++) {
    const id = await createPost(db, author.id, { publishedAt: new Date(Date.now() - index * 60_000) });
    await db.updateTable('posts').set({ kind: 'images', sound_id: soundId }).where('id', '=', id).execute();
    imagePostIds.push(id);
  }
  const hidden = await createPost(db, author.id, { deleted: true });
  await db.updateTable('posts').set({ sound_id: soundId }).where('id', '=', hidden).execute();
});

test('GET /api/sound lists 30 sounds a page, most used first, with the audio URL and image post count', async () => {
  const { body } = await t.get('/api/sound?limit=30');
  expect(body.sounds).toHaveLength(30);
  expect(body.canLoadMore).toBe(true);
  expect(body.sounds[0]).toEqual({
    id: soundId,
    name: 'Velvet Nights',
    url: '/media/sndVelvetNights/m4a.m4a',
    mimeType: 'audio/mp4',
    duration: 12,
    usesCount: 3,
    imagePostsCount: 22,
  });
  const rest = (await t.get('/api/sound?limit=30&offset=30')).body;
  expect(rest.sounds).toHaveLength(2);
  expect((await t.get('/api/sound?limit=31')).body.statusCode).toBe(-10);
});

test("a sound's posts page newest first by cursor, leaving out deleted posts", async () => {
  const first = (await t.get(`/api/sound/${soundId}`)).body;
  expect(first.sound.name).toBe('Velvet Nights');
  expect(first.posts.map((post: { id: number }) => post.id)).toEqual(imagePostIds.slice(0, 20));
  expect(first.canLoadMore).toBe(true);
  const second = (await t.get(`/api/sound/${soundId}?cursor=${first.cursor}`)).body;
  expect(second.posts.map((post: { id: number }) => post.id)).toEqual(imagePostIds.slice(20));
  expect(second.canLoadMore).toBe(false);
  expect((await t.get('/api/sound/999999')).body.statusCode).toBe(-13);
});

test("an image post's card carries the sound its slideshow plays, in lists and alone; a video's is null", async () => {
  const sound = { id: soundId, name: 'Velvet Nights', url: '/media/sndVelvetNights/m4a.m4a' };
  const imagePostId = imagePostIds[0] as number;
  expect((await t.get(`/api/post/${imagePostId}`)).body.post.sound).toEqual(sound);
  const listed = (await t.get(`/api/sound/${soundId}`)).body.posts[0];
  expect(listed.sound).toEqual(sound);
  const video = await createPost(db, (await createUser(db)).id, { publishedAt: new Date() });
  expect((await t.get(`/api/post/${video}`)).body.post.sound).toBeNull();
});
