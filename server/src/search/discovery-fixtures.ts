import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { normalizeTag } from '../posts/tag-name.ts';

/** Test rows for the discovery domain, written straight to the database (see test/fixtures.ts for users and posts). */

export interface TagFixture {
  readonly names: Readonly<Record<string, string>>;
  readonly useCount?: number;
  readonly hits?: number;
  readonly postLikes?: number;
  readonly category?: boolean;
}

/** A tag whose primary name is the English one, with a translation row per language given. */
export async function createTag(db: Db, fixture: TagFixture): Promise<number> {
  const primary = normalizeTag(fixture.names.en ?? Object.values(fixture.names)[0] ?? 'tag');
  const existing = await db.selectFrom('tags').select('id').where('tag', '=', primary).executeTakeFirst();
  const id =
    existing?.id ??
    (
      await db
        .insertInto('tags')
        .values({ tag: primary, lang: 'en', is_category: fixture.category ?? false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .updateTable('tags')
    .set({
      is_category: fixture.category ?? false,
      ...(fixture.useCount === undefined ? {} : { use_count: fixture.useCount, post_visible: fixture.useCount }),
      ...(fixture.hits === undefined ? {} : { hits_count: fixture.hits }),
      ...(fixture.postLikes === undefined ? {} : { post_likes_count: fixture.postLikes }),
    })
    .where('id', '=', id)
    .execute();
  for (const [lang, name] of Object.entries(fixture.names)) {
    await db
      .insertInto('tag_translations')
      .values({ tag_id: id, lang, tag: name, normalized: normalizeTag(name) })
      .onConflict((conflict) => conflict.columns(['tag_id', 'lang']).doNothing())
      .execute();
  }
  return id;
}

/** The search text of every post, as posts.repository.ts writes it on edit and the seed on start. */
export async function indexPosts(db: Db): Promise<void> {
  await sql`
    UPDATE posts p SET search_vector = to_tsvector('simple', immutable_unaccent(lower(p.title || ' ' || coalesce((
      SELECT string_agg(name, ' ') FROM (
        SELECT t.tag AS name FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id
        UNION SELECT tt.tag FROM post_tags pt JOIN tag_translations tt ON tt.tag_id = pt.tag_id WHERE pt.post_id = p.id
      ) names), ''))))`.execute(db);
}

export async function createPlaylist(
  db: Db,
  values: { name: string; lgbt?: number; popularity?: number; names?: Record<string, string>; postIds?: readonly number[] },
): Promise<number> {
  const { id } = await db
    .insertInto('playlists')
    .values({
      name: values.name,
      lgbt: values.lgbt ?? 1,
      popularity: values.popularity ?? 0,
      posts_count: values.postIds?.length ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [lang, name] of Object.entries(values.names ?? {})) {
    await db.insertInto('playlist_translations').values({ playlist_id: id, lang, name }).execute();
  }
  for (const [position, postId] of (values.postIds ?? []).entries()) {
    await db.insertInto('playlist_posts').values({ playlist_id: id, post_id: postId, position }).execute();
  }
  return id;
}
