import { createHash } from 'node:crypto';
import { type Insertable, sql, type Transaction } from 'kysely';
import { VERIFIED_TYPES } from '../compliance/verification/verification.service.ts';
import type { Database, NotificationsTable } from '../db/schema.ts';
import { GROUPED_ACTORS } from '../notifications/notifications.repository.ts';
import { refreshPopularity } from '../posts/popularity.job.ts';
import { MediaStatus, PostStatus } from '../posts/post-status.ts';
import { normalizeTag } from '../posts/tag-name.ts';
import { DEMO_LOGIN, DEMO_PLAYLISTS, DEMO_POSTS, DEMO_SOUNDS, DEMO_USERS } from './demo-data.ts';
import type { DemoMedia } from './demo-media.ts';
import type { DemoPlan } from './demo-plan.ts';
import { DEMO_LANGUAGES, DEMO_TAGS } from './demo-tags.ts';
import type { GeneratedMedia } from './media-generator.ts';

type Trx = Transaction<Database>;

const DAY_MS = 24 * 3600 * 1000;
/** Notifications older than this count as already read, as they would on a site people visit. */
const READ_AFTER_MS = 3 * DAY_MS;
/** New-post notifications of older posts count as read: nobody is told today about last month's post. */
const NEW_POST_NOTICE_MS = 14 * DAY_MS;
const DEMO_AUTHORS = new Set(DEMO_POSTS.map((post) => post.author));

/**
 * Writes the planned demo site and answers the ids of its posts, in plan order. Posts are written as ingest
 * leaves an upload (created, media uploaded, originals only) for the media pipeline to finish; avatars and
 * sounds are ready. Counters are derived from the rows afterwards, so they cannot disagree with them.
 */
export async function writeDemoContent(
  trx: Trx,
  plan: DemoPlan,
  media: DemoMedia,
  demoPasswordHash: string,
  now: Date,
): Promise<number[]> {
  const userIds = await insertUsers(trx, media, demoPasswordHash, now);
  const soundIds = await insertSounds(trx, media.sounds, now);
  const tagIds = await insertTags(trx, now);
  const postIds = await insertPosts(trx, plan, media, { userIds, soundIds, tagIds });
  await insertPlaylists(trx, plan, postIds, now);
  await insertSocialGraph(trx, plan, userIds, postIds, now);
  await recountEverything(trx);
  return postIds;
}

async function insertMedia(
  trx: Trx,
  media: GeneratedMedia,
  ownerId: number | null,
  at: Date,
  placement?: { postId: number; position: number },
) {
  const row = await trx
    .insertInto('media_files')
    .values({
      name: media.name,
      owner_id: ownerId,
      kind: media.kind,
      mime_type: media.mimeType,
      // A post's files wait for the pipeline; avatars and sounds come with their renditions.
      status: placement ? MediaStatus.uploaded : MediaStatus.ready,
      width: media.width,
      height: media.height,
      duration_ms: media.durationMs,
      size_bytes: media.sizeBytes,
      original_key: media.originalKey,
      variants: JSON.stringify(media.variants),
      post_id: placement?.postId ?? null,
      position: placement?.position ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertUsers(trx: Trx, media: DemoMedia, demoPasswordHash: string, now: Date) {
  const ids = new Map<string, number>();
  for (const [index, user] of DEMO_USERS.entries()) {
    const isDemo = user.username === DEMO_LOGIN.username;
    const joinedAt = new Date(now.getTime() - (120 - index * 7) * DAY_MS);
    const { id } = await trx
      .insertInto('users')
      .values({
        username: user.username,
        display_name: user.displayName,
        email: isDemo ? DEMO_LOGIN.email : null,
        email_verified_at: isDemo ? joinedAt : null,
        password_hash: isDemo ? demoPasswordHash : null,
        type: user.type,
        lgbt_preference: user.lgbtPreference,
        bio: user.bio,
        lang: user.lang,
        country: user.country,
        created_at: joinedAt,
        updated_at: joinedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Verified demo creators, and every author of a demo post, carry the performer record an approved
    // verification writes (compliance/verification/), so the 2257 records of demo content are complete and the
    // legacy guard (compliance/records/) leaves it published; the person is made up, like the account.
    if (VERIFIED_TYPES.includes(user.type) || DEMO_AUTHORS.has(user.username)) {
      await trx
        .insertInto('performer_identities')
        .values({
          user_id: id,
          legal_name: user.displayName,
          date_of_birth: '1995-06-15',
          fingerprint: createHash('sha256').update(`demo-performer:${user.username}`).digest(),
          provider: 'demo',
          verified_at: joinedAt,
        })
        .execute();
    }
    const avatarId = await insertMedia(trx, media.avatars.get(user.username) as GeneratedMedia, id, joinedAt);
    await trx.updateTable('users').set({ avatar_media_id: avatarId }).where('id', '=', id).execute();
    ids.set(user.username, id);
  }
  return ids;
}

async function insertSounds(trx: Trx, sounds: readonly GeneratedMedia[], now: Date) {
  const ids: number[] = [];
  for (const [index, sound] of DEMO_SOUNDS.entries()) {
    const mediaId = await insertMedia(trx, sounds[index] as GeneratedMedia, null, now);
    const row = await trx
      .insertInto('sounds')
      .values({ name: sound.name, media_file_id: mediaId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function insertTags(trx: Trx, now: Date) {
  const ids = new Map<string, number>();
  for (const tag of DEMO_TAGS) {
    const primary = normalizeTag(tag.names.en);
    const { id } = await trx
      .insertInto('tags')
      .values({ tag: primary, lang: 'en', is_category: tag.category ?? false, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tag_translations')
      .values(
        DEMO_LANGUAGES.map((lang) => ({ tag_id: id, lang, tag: tag.names[lang], normalized: normalizeTag(tag.names[lang]) })),
      )
      .execute();
    ids.set(primary, id);
  }
  return ids;
}

interface Ids {
  readonly userIds: ReadonlyMap<string, number>;
  readonly soundIds: readonly number[];
  readonly tagIds: ReadonlyMap<string, number>;
}

async function insertPosts(trx: Trx, plan: DemoPlan, media: DemoMedia, { userIds, soundIds, tagIds }: Ids) {
  const ids: number[] = [];
  for (const [index, planned] of plan.posts.entries()) {
    const { post, publishedAt } = planned;
    const authorId = userIds.get(post.author) as number;
    const createdAt = new Date(publishedAt.getTime() - 10 * 60 * 1000);
    const { id } = await trx
      .insertInto('posts')
      .values({
        user_id: authorId,
        kind: post.kind,
        title: post.title,
        // As ingest creates it; the pipeline publishes it and keeps the planned published_at.
        status: PostStatus.created,
        target_status: PostStatus.published,
        lgbt: post.lgbt,
        sound_id: planned.soundIndex === undefined ? null : (soundIds[planned.soundIndex] ?? null),
        views_count: planned.views,
        shares_count: planned.shares,
        completions: planned.completions,
        pinned_at: post.pinned ? publishedAt : null,
        created_at: createdAt,
        published_at: publishedAt,
        updated_at: publishedAt,
        // The operator's own demo content: published without waiting in the pre-publication review queue.
        reviewed_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertSelfPerformer(trx, id, authorId, createdAt);
    for (const [position, file] of (media.posts[index] ?? []).entries()) {
      await insertMedia(trx, file, authorId, createdAt, { postId: id, position });
    }
    const tagRows = post.tags.map((name, position) => {
      const tagId = tagIds.get(name);
      if (tagId === undefined) throw new Error(`Demo post "${post.title}" names an unknown tag ${name}`);
      return { post_id: id, tag_id: tagId, position };
    });
    await trx.insertInto('post_tags').values(tagRows).execute();
    ids.push(id);
  }
  return ids;
}

/**
 * The demo post's performer manifest as a creator would declare it (compliance/performers/): the author
 * alone, verified and consenting to every scope, and the day before upload as its production date.
 */
async function insertSelfPerformer(trx: Trx, postId: number, authorId: number, createdAt: Date) {
  const producedOn = new Date(createdAt.getTime() - DAY_MS).toISOString().slice(0, 10);
  await trx.updateTable('posts').set({ produced_on: producedOn }).where('id', '=', postId).execute();
  const identity = await trx
    .selectFrom('performer_identities')
    .select('id')
    .where('user_id', '=', authorId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('post_performers')
    .values({
      post_id: postId,
      kind: 'self',
      user_id: authorId,
      identity_id: identity.id,
      state: 'consented',
      scopes: ['depicted', 'distribution', 'downloads'],
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

async function insertPlaylists(trx: Trx, plan: DemoPlan, postIds: readonly number[], now: Date) {
  for (const playlist of DEMO_PLAYLISTS) {
    const members = plan.posts
      .map((planned, index) => ({ planned, id: postIds[index] as number }))
      .filter(({ planned }) => planned.post.lgbt === playlist.lgbt)
      .filter(({ planned }) => playlist.tags.length === 0 || planned.post.tags.some((tag) => playlist.tags.includes(tag)))
      .sort((a, b) => b.planned.views - a.planned.views);
    const hits = Math.round(members.reduce((sum, { planned }) => sum + planned.views, 0) / 8);
    const { id } = await trx
      .insertInto('playlists')
      .values({ name: playlist.names.en, lgbt: playlist.lgbt, hits_count: hits, popularity: hits, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('playlist_translations')
      .values(DEMO_LANGUAGES.map((lang) => ({ playlist_id: id, lang, name: playlist.names[lang] })))
      .execute();
    if (members.length > 0) {
      await trx
        .insertInto('playlist_posts')
        .values(members.map((member, position) => ({ playlist_id: id, post_id: member.id, position })))
        .execute();
    }
  }
}

/** Follows and likes, plus the notifications they would have produced. */
async function insertSocialGraph(
  trx: Trx,
  plan: DemoPlan,
  userIds: ReadonlyMap<string, number>,
  postIds: readonly number[],
  now: Date,
) {
  const idOf = (username: string) => userIds.get(username) as number;
  const readAt = (at: Date) => (now.getTime() - at.getTime() > READ_AFTER_MS ? new Date(at.getTime() + 3600 * 1000) : null);

  await trx
    .insertInto('follows')
    .values(
      plan.follows.map((follow) => ({
        follower_id: idOf(follow.follower),
        followee_id: idOf(follow.followee),
        created_at: follow.at,
      })),
    )
    .execute();
  const notifications: Insertable<NotificationsTable>[] = plan.follows.map((follow) => ({
    user_id: idOf(follow.followee),
    type: 'user-follow',
    actor_ids: [idOf(follow.follower)],
    created_at: follow.at,
    read_at: readAt(follow.at),
  }));

  for (const [index, planned] of plan.posts.entries()) {
    const postId = postIds[index] as number;
    const authorId = idOf(planned.post.author);
    const likes = [...planned.likes].sort((a, b) => b.at.getTime() - a.at.getTime());
    if (likes.length > 0) {
      await trx
        .insertInto('likes')
        .values(likes.map((like) => ({ user_id: idOf(like.username), post_id: postId, created_at: like.at })))
        .execute();
      const latest = (likes[0] as (typeof likes)[number]).at;
      notifications.push({
        user_id: authorId,
        type: 'post-like',
        actor_ids: likes.slice(0, GROUPED_ACTORS).map((like) => idOf(like.username)),
        actor_count: likes.length,
        post_id: postId,
        created_at: latest,
        read_at: readAt(latest),
      });
    }
    // Every follower of the author is told, as the fan-out that publishing enqueues (notifications:post-created)
    // would tell them, so that job finds nobody left. Only a recent post told to an earlier follower is new.
    const recent = now.getTime() - planned.publishedAt.getTime() <= NEW_POST_NOTICE_MS;
    for (const follow of plan.follows) {
      if (follow.followee !== planned.post.author) continue;
      const followedBefore = follow.at <= planned.publishedAt;
      const toldAt = followedBefore ? planned.publishedAt : follow.at;
      notifications.push({
        user_id: idOf(follow.follower),
        type: 'post-created',
        actor_ids: [authorId],
        post_id: postId,
        created_at: toldAt,
        read_at: recent && followedBefore ? readAt(toldAt) : new Date(toldAt.getTime() + 3600 * 1000),
      });
    }
  }
  await trx.insertInto('notifications').values(notifications).execute();
}

/** Every denormalised counter, recomputed from the rows it summarises. */
async function recountEverything(trx: Trx) {
  await sql`UPDATE posts p SET likes_count = (SELECT count(*) FROM likes l WHERE l.post_id = p.id)`.execute(trx);
  await sql`
    UPDATE users u SET
      posts_count = (SELECT count(*) FROM posts p WHERE p.user_id = u.id AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL),
      followers_count = (SELECT count(*) FROM follows f WHERE f.followee_id = u.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id),
      likes_received = (SELECT coalesce(sum(p.likes_count), 0) FROM posts p WHERE p.user_id = u.id AND p.deleted_at IS NULL)`.execute(
    trx,
  );
  await sql`
    UPDATE tags t SET
      use_count = s.posts, post_visible = s.posts, post_likes_count = s.likes,
      post_shares_count = s.shares, post_views_count = s.views, hits_count = s.views / 20
    FROM (SELECT pt.tag_id, count(*) AS posts, sum(p.likes_count) AS likes, sum(p.shares_count) AS shares, sum(p.views_count) AS views
          FROM post_tags pt JOIN posts p ON p.id = pt.post_id GROUP BY pt.tag_id) s
    WHERE s.tag_id = t.id`.execute(trx);
  // A category's picture is the first file of its most viewed post.
  await sql`
    UPDATE tags t SET tag_media_id = (
      SELECT m.id FROM post_tags pt JOIN posts p ON p.id = pt.post_id JOIN media_files m ON m.post_id = p.id AND m.position = 0
      WHERE pt.tag_id = t.id ORDER BY p.views_count DESC LIMIT 1)
    WHERE t.is_category`.execute(trx);
  await sql`UPDATE sounds s SET uses_count = (SELECT count(*) FROM posts p WHERE p.sound_id = s.id)`.execute(trx);
  await sql`UPDATE playlists pl SET posts_count = (SELECT count(*) FROM playlist_posts pp WHERE pp.playlist_id = pl.id)`.execute(
    trx,
  );
  // Titles and every translation of the post's tags, so a search in any demo language finds the post.
  await sql`
    UPDATE posts p SET search_vector = to_tsvector('simple', immutable_unaccent(lower(p.title || ' ' || coalesce((
      SELECT string_agg(tt.tag, ' ') FROM post_tags pt JOIN tag_translations tt ON tt.tag_id = pt.tag_id WHERE pt.post_id = p.id), ''))))`.execute(
    trx,
  );
  await refreshPopularity(trx);
}
