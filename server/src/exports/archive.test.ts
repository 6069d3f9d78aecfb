import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { ArchiveRowsRepository } from './archive-rows.repository.ts';
import type { ExportSection } from './export-section.ts';
import { exportSections } from './export-sections.ts';
import { ExportsRepository } from './exports.repository.ts';
import { exportService, jsonEntry, readArchive } from './test-support.ts';

/** What an archive holds, opened with a zip reader: the JSON files, the media bytes, and how rows were read. */
const t = await testApp({ env: { EVENT_BUS: 'memory' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { storage } = t.container;
const exportsTable = new ExportsRepository(db);

async function newExport(userId: number): Promise<number> {
  const row = await exportsTable.create(userId, 'en-US');
  if (!row) throw new Error('an export is pending already');
  return row.id;
}

async function archiveOf(id: number) {
  const row = await db.selectFrom('data_exports').select(['state', 'storage_key']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.state).toBe('ready');
  return readArchive(storage, row.storage_key as string);
}

/** Stores `bytes` as the original of the post's first media file. */
async function storeOriginal(postId: number, bytes: Buffer): Promise<string> {
  const file = await db.selectFrom('media_files').select('original_key').where('post_id', '=', postId).executeTakeFirstOrThrow();
  await storage.put(file.original_key as string, bytes);
  return file.original_key as string;
}

describe('an archive', () => {
  test('holds the profile, posts with their originals, captions, likes, follows, notifications and analytics as documented', async () => {
    const owner = await createUser(db, { displayName: 'Owner Name' });
    const [fan, star] = [await createUser(db), await createUser(db)];
    await db.updateTable('users').set({ email: 'owner@example.test', bio: 'Hello' }).where('id', '=', owner.id).execute();
    const avatarBytes = randomBytes(700);
    const avatar = await db
      .insertInto('media_files')
      .values({
        name: `av${owner.id}`,
        owner_id: owner.id,
        kind: 'image',
        mime_type: 'image/jpeg',
        original_key: `media/av${owner.id}/original.jpg`,
        variants: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storage.put(`media/av${owner.id}/original.jpg`, avatarBytes);
    await db.updateTable('users').set({ avatar_media_id: avatar.id }).where('id', '=', owner.id).execute();

    const published = await createPost(db, owner.id, { title: 'Sunset walk', tags: ['sunset', 'beach'] });
    const videoBytes = randomBytes(300_000);
    await storeOriginal(published, videoBytes);
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello there\n');
    const { id: mediaId, name: mediaName } = await db
      .selectFrom('media_files')
      .select(['id', 'name'])
      .where('post_id', '=', published)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('post_captions')
      .values({
        post_id: published,
        media_id: mediaId,
        language: 'de',
        label: 'Deutsch',
        file_name: 'de.abcdefgh.vtt',
        cue_text: 'Hello there',
        cue_count: 1,
        size_bytes: vtt.length,
      })
      .execute();
    await storage.put(`media/${mediaName}/captions/de.abcdefgh.vtt`, vtt);
    const kept = await createPost(db, owner.id, { title: 'Just for me', status: PostStatus.private });
    await createPost(db, owner.id, { title: 'Gone', deleted: true });
    const liked = await createPost(db, star.id, { title: 'Star post' });
    await db.insertInto('likes').values({ user_id: owner.id, post_id: liked }).execute();
    await db
      .insertInto('follows')
      .values([
        { follower_id: owner.id, followee_id: star.id },
        { follower_id: fan.id, followee_id: owner.id },
      ])
      .execute();
    await db
      .insertInto('notifications')
      .values({ user_id: owner.id, type: 'user-follow', actor_ids: [fan.id] })
      .execute();
    await sql`INSERT INTO account_daily_stats (user_id, day, views, unique_viewers, watch_ms, followers_gained)
      VALUES (${owner.id}, '2026-11-20', 12, 9, 45000, 2)`.execute(db);
    await sql`INSERT INTO post_daily_stats (post_id, day, views, completions) VALUES (${published}, '2026-11-20', 12, 4)`.execute(
      db,
    );
    await sql`INSERT INTO post_daily_breakdown (post_id, day, dimension, key, count)
      VALUES (${published}, '2026-11-20', 'country', 'DE', 7), (${published}, '2026-11-20', 'page', 'feed', 12)`.execute(db);

    const id = await newExport(owner.id);
    await t.container.services.exports.build(id);
    const entries = await archiveOf(id);

    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        'profile/avatar.jpg',
        'posts.json',
        `posts/${published}/1.mp4`,
        'captions.json',
        `posts/${published}/captions/de.vtt`,
        'likes.json',
        'following.json',
        'followers.json',
        'notifications.json',
        'analytics/account-daily.json',
        'analytics/account-breakdown.json',
        'analytics/posts-daily.json',
        'analytics/posts-breakdown.json',
      ].sort(),
    );
    expect(entries.get(`posts/${published}/1.mp4`)?.equals(videoBytes)).toBe(true);
    expect(entries.get('profile/avatar.jpg')?.equals(avatarBytes)).toBe(true);
    expect(jsonEntry(entries, 'profile.json')).toMatchObject({
      id: owner.id,
      username: owner.username,
      displayName: 'Owner Name',
      email: 'owner@example.test',
      bio: 'Hello',
      avatar: 'profile/avatar.jpg',
      counts: { posts: expect.any(Number) },
      connectedAccounts: [],
    });
    const posts = jsonEntry(entries, 'posts.json');
    expect(posts.map((post: { id: number }) => post.id)).toEqual([kept, published]);
    expect(posts[1]).toMatchObject({
      title: 'Sunset walk',
      status: 'published',
      tags: ['sunset', 'beach'],
      link: expect.stringContaining(`/video?id=${published}`),
      media: [{ kind: 'video', mimeType: 'video/mp4', width: 540, file: `posts/${published}/1.mp4` }],
    });
    // The private post's original is not stored (the fixture has none): described, without a file.
    expect(posts[0]).toMatchObject({ status: 'private', media: [{ file: null }] });
    expect(jsonEntry(entries, 'captions.json')).toEqual([
      {
        postId: published,
        language: 'de',
        label: 'Deutsch',
        cues: 1,
        updatedAt: expect.any(String),
        file: `posts/${published}/captions/de.vtt`,
      },
    ]);
    expect(entries.get(`posts/${published}/captions/de.vtt`)?.equals(vtt)).toBe(true);
    expect(jsonEntry(entries, 'likes.json')).toEqual([
      {
        postId: liked,
        title: 'Star post',
        author: star.username,
        likedAt: expect.any(String),
        link: expect.stringContaining(`id=${liked}`),
      },
    ]);
    expect(jsonEntry(entries, 'following.json')).toMatchObject([{ userId: star.id, username: star.username }]);
    expect(jsonEntry(entries, 'followers.json')).toMatchObject([{ userId: fan.id, username: fan.username }]);
    expect(jsonEntry(entries, 'notifications.json')).toMatchObject([
      { type: 'user-follow', actors: [fan.username], readAt: null },
    ]);
    expect(jsonEntry(entries, 'analytics/account-daily.json')).toEqual([
      expect.objectContaining({
        date: '2026-11-20',
        views: 12,
        uniqueViewers: 9,
        watchMs: 45000,
        followersGained: 2,
        followersLost: 0,
      }),
    ]);
    expect(jsonEntry(entries, 'analytics/account-breakdown.json')).toEqual([]);
    expect(jsonEntry(entries, 'analytics/posts-daily.json')).toEqual([
      expect.objectContaining({ postId: published, date: '2026-11-20', views: 12, completions: 4 }),
    ]);
    expect(jsonEntry(entries, 'analytics/posts-breakdown.json')).toEqual([
      { date: '2026-11-20', postId: published, dimension: 'country', key: 'DE', count: 7 },
      { date: '2026-11-20', postId: published, dimension: 'page', key: 'feed', count: 12 },
    ]);
    const readme = entries.get('README.txt')?.toString('utf8') ?? '';
    expect(readme).toContain(`Velvet data export of @${owner.username}`);
    for (const file of exportSections.flatMap((section) => section.files)) expect(readme).toContain(`\n${file.path}\n`);
    expect(readme).toContain('likedAt: When you liked it.');
  });

  test('is written from pages of rows, never a whole list at once', async () => {
    const [fan, star] = [await createUser(db), await createUser(db)];
    await sql`
      WITH made AS (
        INSERT INTO posts (user_id, kind, title, status, published_at)
        SELECT ${star.id}, 'video', 'Post ' || n, ${PostStatus.published}, now() FROM generate_series(1, 1050) AS n
        RETURNING id
      )
      INSERT INTO likes (user_id, post_id, created_at)
      SELECT ${fan.id}, id, now() - id * interval '1 second' FROM made`.execute(db);
    const rows = new ArchiveRowsRepository(db);
    const likes = vi.spyOn(rows, 'likes');
    const id = await newExport(fan.id);
    await exportService(t, { rows, pageSize: 100 }).build(id);

    expect(likes).toHaveBeenCalledTimes(11);
    for (const [, , limit] of likes.mock.calls) expect(limit).toBe(100);
    const pageSizes = await Promise.all(likes.mock.results.map(async (result) => (await result.value).length));
    expect(pageSizes).toEqual([...Array(10).fill(100), 50]);
    const exported = jsonEntry(await archiveOf(id), 'likes.json');
    expect(exported).toHaveLength(1050);
    expect(new Set(exported.map((like: { postId: number }) => like.postId)).size).toBe(1050);
  });

  test('a build that dies half-way leaves nothing under its key; the retry writes it whole', async () => {
    const owner = await createUser(db);
    const post = await createPost(db, owner.id);
    const videoBytes = randomBytes(200_000);
    await storeOriginal(post, videoBytes);
    const id = await newExport(owner.id);
    const crash: ExportSection = {
      name: 'crash',
      files: [],
      async write(context) {
        await context.archive.addText('partial.json', '{');
        throw new Error('worker died');
      },
    };
    await expect(
      exportService(t, { sections: [...exportSections, crash] }).build(id, { attempts: 1, maxAttempts: 3 }),
    ).rejects.toThrow('worker died');
    const row = await db
      .selectFrom('data_exports')
      .select(['state', 'storage_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'building', storage_key: null });
    expect(await storage.list(`exports/${id}/`)).toEqual([]);
    const storageRoot = t.container.config.storage.driver === 'local' ? t.container.config.storage.dir : '';
    expect(await readdir(join(storageRoot, '.incoming'))).toEqual([]);

    await t.container.services.exports.build(id, { attempts: 2, maxAttempts: 3 });
    const entries = await archiveOf(id);
    expect(entries.has('partial.json')).toBe(false);
    expect(entries.get(`posts/${post}/1.mp4`)?.equals(videoBytes)).toBe(true);
  });
});
