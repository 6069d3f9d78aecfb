import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Tag writes shared by the owner's edits (posts.repository.ts) and the upload pipeline
 * (media/upload/media-ingest.repository.ts); each runs them inside its own transaction.
 */

/** Sets a post's tags (in the given order, created when new) and keeps tag use counts exact. */
export async function replacePostTags(trx: Kysely<Database>, postId: number, tags: readonly string[]): Promise<void> {
  const names = [...new Set(tags)];
  if (names.length > 0) {
    await trx
      .insertInto('tags')
      .values(names.map((tag) => ({ tag })))
      .onConflict((conflict) => conflict.column('tag').doNothing())
      .execute();
  }
  const rows = names.length ? await trx.selectFrom('tags').select(['id', 'tag']).where('tag', 'in', names).execute() : [];
  const idOf = new Map(rows.map((tag) => [tag.tag, tag.id]));
  const wanted = names.map((name, position) => ({ post_id: postId, tag_id: idOf.get(name) as number, position }));
  const removed = await trx
    .deleteFrom('post_tags')
    .where('post_id', '=', postId)
    .$if(wanted.length > 0, (query) =>
      query.where(
        'tag_id',
        'not in',
        wanted.map((row) => row.tag_id),
      ),
    )
    .returning('tag_id')
    .execute();
  const added = wanted.length
    ? await trx
        .insertInto('post_tags')
        .values(wanted)
        .onConflict((conflict) =>
          conflict.columns(['post_id', 'tag_id']).doUpdateSet({ position: (eb) => eb.ref('excluded.position') }),
        )
        // xmax = 0 only on rows this statement inserted, not on those it updated.
        .returning(['tag_id', sql<boolean>`xmax = 0`.as('inserted')])
        .execute()
    : [];
  const addedIds = added.filter((row) => row.inserted).map((row) => row.tag_id);
  if (addedIds.length) {
    await trx.updateTable('tags').set({ use_count: sql`use_count + 1` }).where('id', 'in', addedIds).execute();
  }
  if (removed.length) {
    await trx
      .updateTable('tags')
      .set({ use_count: sql`greatest(use_count - 1, 0)` })
      .where(
        'id',
        'in',
        removed.map((row) => row.tag_id),
      )
      .execute();
  }
}

/**
 * Same text the seed indexes: the title plus every name of the post's tags, unaccented and lowercased,
 * and the words of its captions in every language (captions/README.md), cut at 200,000 characters so a
 * post's vector stays far below PostgreSQL's 1 MB tsvector limit.
 */
export async function refreshPostSearchText(db: Kysely<Database>, postId: number): Promise<void> {
  await sql`
    UPDATE posts p SET search_vector = to_tsvector('simple', immutable_unaccent(lower(p.title || ' ' || coalesce((
      SELECT string_agg(name, ' ') FROM (
        SELECT t.tag AS name FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id
        UNION SELECT tt.tag FROM post_tags pt JOIN tag_translations tt ON tt.tag_id = pt.tag_id WHERE pt.post_id = p.id
      ) names), '') || ' ' || coalesce((
      SELECT left(string_agg(c.cue_text, ' ' ORDER BY c.language), 200000) FROM post_captions c WHERE c.post_id = p.id), ''))))
    WHERE p.id = ${postId}`.execute(db);
}
