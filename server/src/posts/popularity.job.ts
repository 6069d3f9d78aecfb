import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from './post-status.ts';

/**
 * Time-decayed popularity of spec's "popular" bucket: engagement (likes, shares, views, completed views)
 * divided by age^1.5, so a new post with some engagement outranks an old one with a little more. A post
 * nobody engaged with scores 0: no age makes it outrank one that was liked, viewed or shared.
 * Only recent posts change meaningfully, so only they are recomputed.
 */
export async function refreshPopularity(db: Db, sinceDays = 30): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      popularity: sql<number>`(likes_count * 3.0 + shares_count * 5.0 + views_count * 0.1 + completions * 1.0)
        / power(extract(epoch FROM (now() - coalesce(published_at, created_at))) / 3600.0 + 2.0, 1.5)`,
    })
    .where('status', '=', PostStatus.published)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`coalesce(published_at, created_at) > now() - make_interval(days => ${sinceDays})`)
    .execute();
}
