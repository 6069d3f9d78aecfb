import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ALL500 } from './feed-mix.ts';
import { type Eb, LISTED_AT, notAmong, publiclyVisible } from './post-feed.repository.ts';

/** What every bucket query of one home page shares. */
export interface SupplyScope {
  readonly snapshot: Date;
  /** Start of the new bucket's window. */
  readonly newSince: Date;
  readonly lgbt: number | undefined;
  /** Seen posts: they belong to the seen bucket only. */
  readonly seen: readonly number[];
  /** Posts left out altogether (`rest`). */
  readonly exclude: readonly number[];
}

/** How far back recorded views count as "seen", and how many of them at most. */
const SEEN_DAYS = 30;
const SEEN_MAX = 1000;

/**
 * The buckets of the home mix (feed-mix.ts), as post ids. Each query walks one index in its own order:
 * the new bucket posts_listed_(lgbt_)feed, the popular ones posts_popular_(all|feed); seen posts are
 * left out with one array parameter.
 */
export class FeedSupplyRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Posts the viewer has viewed lately, newest view first. */
  async recentlySeen(viewerKey: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('post_views')
      .select('post_id')
      .where('viewer_key', '=', viewerKey)
      .where('window_start', '>', sql<Date>`now() - make_interval(days => ${SEEN_DAYS})`)
      .groupBy('post_id')
      .orderBy(sql`max(window_start)`, 'desc')
      .limit(SEEN_MAX)
      .execute();
    return rows.map((row) => row.post_id);
  }

  private visible(scope: SupplyScope) {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where((eb: Eb) => publiclyVisible(eb))
      .$if(Boolean(scope.lgbt), (qb) => qb.where('p.lgbt', '=', scope.lgbt as number))
      .$if(scope.exclude.length > 0, (qb) => qb.where(notAmong(scope.exclude)))
      .where(sql<boolean>`${LISTED_AT} <= ${scope.snapshot}`);
  }

  private unseen(scope: SupplyScope) {
    return this.visible(scope).$if(scope.seen.length > 0, (qb) => qb.where(notAmong(scope.seen)));
  }

  /** The seen bucket: the seen posts still visible, most popular first. */
  async seenBucket(scope: SupplyScope): Promise<number[]> {
    if (scope.seen.length === 0) return [];
    const rows = await this.visible(scope)
      .select('p.id')
      .where('p.id', 'in', scope.seen)
      .orderBy('p.popularity', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Size of the new bucket, counted up to `cap` only: a page never takes more new posts than its end
   * position, so a larger count would not change the plan, and counting a busy 48 h window in full
   * grows with the site (93 ms at 1M posts, against under a millisecond for the cap).
   */
  async newCount(scope: SupplyScope, cap: number): Promise<number> {
    const capped = this.unseen(scope).select(sql`1`.as('one')).where(sql<boolean>`${LISTED_AT} > ${scope.newSince}`).limit(cap);
    const row = await this.db
      .selectFrom(capped.as('capped'))
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async newBucket(scope: SupplyScope, from: number, count: number): Promise<number[]> {
    const rows = await this.unseen(scope)
      .select('p.id')
      .where(sql<boolean>`${LISTED_AT} > ${scope.newSince}`)
      .orderBy(sql`${LISTED_AT} desc`)
      .orderBy('p.id', 'desc')
      .limit(count)
      .offset(from)
      .execute();
    return rows.map((row) => row.id);
  }

  private older(scope: SupplyScope) {
    return this.unseen(scope).where(sql<boolean>`${LISTED_AT} <= ${scope.newSince}`);
  }

  /** The most popular older unseen posts, ALL500 + 1 at most (the extra one tells whether "popular" has any). */
  async popularHead(scope: SupplyScope): Promise<number[]> {
    return this.mostPopular(scope, ALL500 + 1);
  }

  /** The `limit` most popular older unseen posts. */
  async mostPopular(scope: SupplyScope, limit: number): Promise<number[]> {
    const rows = await this.older(scope)
      .select('p.id')
      .orderBy('p.popularity', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The popular bucket: older unseen posts from popularity rank ALL500 on. */
  async popularBucket(scope: SupplyScope, from: number, count: number): Promise<number[]> {
    const rows = await this.older(scope)
      .select('p.id')
      .orderBy('p.popularity', 'desc')
      .orderBy('p.id', 'desc')
      .limit(count)
      .offset(ALL500 + from)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Exact size of the popular bucket; only needed once a page reaches its end. */
  async popularCount(scope: SupplyScope): Promise<number> {
    const row = await this.older(scope).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
    return Math.max(row.count - ALL500, 0);
  }

  /** Which of `postIds` carry one of `tagIds`. */
  async carryingTags(postIds: readonly number[], tagIds: readonly number[]): Promise<Set<number>> {
    if (postIds.length === 0 || tagIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('post_tags')
      .select('post_id')
      .distinct()
      .where('post_id', 'in', postIds)
      .where('tag_id', 'in', tagIds)
      .execute();
    return new Set(rows.map((row) => row.post_id));
  }

  /** The `x` most popular posts of a tag (the head of a seeded tag feed). */
  async tagHead(tagId: number, x: number, scope: Pick<SupplyScope, 'snapshot' | 'lgbt' | 'exclude'>): Promise<number[]> {
    // From the tag's own posts (post_tags_listed), so a rare tag never walks the whole popularity index.
    const rows = await this.visible({ ...scope, newSince: scope.snapshot, seen: [] })
      .innerJoin('post_tags as pt', 'pt.post_id', 'p.id')
      .select('p.id')
      .where('pt.tag_id', '=', tagId)
      .orderBy('p.popularity', 'desc')
      .orderBy('p.id', 'desc')
      .limit(x)
      .execute();
    return rows.map((row) => row.id);
  }

  async tagUseCount(tagId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('tags').select('use_count').where('id', '=', tagId).executeTakeFirst();
    return row?.use_count;
  }
}
