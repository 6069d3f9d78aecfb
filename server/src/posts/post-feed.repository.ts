import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type PageRow, type PostCard, toPostCard, toPostMedia } from './post-card.ts';
import { PostStatus } from './post-status.ts';

/** Which posts a page holds; the service has already decided what the viewer may ask for. */
export interface PostPageQuery {
  readonly viewerId: number | undefined;
  readonly limit: number;
  readonly offset: number;
  /** Snapshot time: posts listed after it are left out, so offsets do not shift while someone pages. */
  readonly snapshot: Date;
  readonly after?: PageCursor;
  readonly userId?: number;
  /** The owner's own profile: every status but removed, not only published posts. */
  readonly ownProfile?: boolean;
  readonly likedBy?: number;
  readonly followedBy?: number;
  readonly playlistId?: number;
  readonly pinsOnly?: boolean;
  readonly lgbt?: number;
  readonly tagId?: number;
  /** Posts to leave out (the `rest` filter: what the client already shows). */
  readonly exclude?: readonly number[];
}

/** Where the previous page ended, in the list's own order (microseconds since the epoch, or a playlist position). */
export interface PageCursor {
  readonly key: number;
  readonly id: number;
}

export interface PostPage {
  readonly posts: PostCard[];
  readonly more: boolean;
  /** Where the next page starts; absent for the pins-first profile order, which pages by offset only. */
  readonly next: PageCursor | undefined;
}

export type Eb = ExpressionBuilder<Database & { p: Database['posts']; u: Database['users'] }, 'p' | 'u'>;
// biome-ignore lint/suspicious/noExplicitAny: the joins of a page differ by list kind; the selection below is what is typed
type PageBuilder = SelectQueryBuilder<any, any, any>;

export const LISTED_AT = sql`coalesce(p.published_at, p.created_at)`;
const asMicros = (expression: RawBuilder<unknown>) => sql<number>`(extract(epoch from ${expression}) * 1000000)::bigint`;
const fromMicros = (micros: number) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** Visible to everyone: published, not deleted, by an account that is neither banned nor leaving. */
export function publiclyVisible(eb: Eb) {
  return eb.and([
    eb('p.status', '=', PostStatus.published),
    eb('p.deleted_at', 'is', null),
    eb('u.banned_at', 'is', null),
    eb('u.delete_requested_at', 'is', null),
  ]);
}

function ownedBy(eb: Eb, viewerId: number) {
  return eb.and([eb('p.user_id', '=', viewerId), eb('p.deleted_at', 'is', null), eb('p.status', '<>', PostStatus.removed)]);
}

/** `p.id` is none of `ids` (one array parameter, whatever its length). */
export function notAmong(ids: readonly number[]) {
  return sql<boolean>`p.id <> all(${[...ids]}::bigint[])`;
}

/**
 * The read model of posts. A page costs a fixed number of queries whatever its size: one for the posts
 * with their authors, then media, tags, jobs and the viewer's likes and follows for all of them at once.
 */
export class PostFeedRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async page(query: PostPageQuery): Promise<PostPage> {
    let builder: PageBuilder = this.rows().where((eb: Eb) =>
      query.ownProfile && query.viewerId !== undefined ? ownedBy(eb, query.viewerId) : publiclyVisible(eb),
    );
    let sortKey: RawBuilder<unknown> = LISTED_AT;
    let ascending = false;
    if (query.likedBy !== undefined) {
      builder = builder.innerJoin('likes as l', 'l.post_id', 'p.id').where('l.user_id', '=', query.likedBy);
      sortKey = sql`l.created_at`;
    } else if (query.playlistId !== undefined) {
      builder = builder.innerJoin('playlist_posts as pp', 'pp.post_id', 'p.id').where('pp.playlist_id', '=', query.playlistId);
      sortKey = sql`pp.position`;
      ascending = true;
    } else if (query.tagId !== undefined) {
      // post_tags carries the listing time (migration 0006): the page walks only this tag's posts.
      builder = builder.innerJoin('post_tags as pt', 'pt.post_id', 'p.id').where('pt.tag_id', '=', query.tagId);
      sortKey = sql`pt.listed_at`;
    }
    if (query.userId !== undefined) builder = builder.where('p.user_id', '=', query.userId);
    if (query.followedBy !== undefined) {
      builder = builder.where('p.user_id', 'in', (eb: Eb) =>
        eb
          .selectFrom('follows')
          .select('followee_id')
          .where('follower_id', '=', query.followedBy as number),
      );
    }
    if (query.exclude?.length) builder = builder.where(notAmong(query.exclude));
    if (query.pinsOnly) builder = builder.where('p.pinned_at', 'is not', null);
    if (query.lgbt) builder = builder.where('p.lgbt', '=', query.lgbt);
    if (query.tagId !== undefined && (query.likedBy !== undefined || query.playlistId !== undefined)) {
      builder = builder.where((eb: Eb) =>
        eb.exists(
          eb
            .selectFrom('post_tags as pt')
            .select(sql`1`.as('one'))
            .whereRef('pt.post_id', '=', 'p.id')
            .where('pt.tag_id', '=', query.tagId as number),
        ),
      );
    }

    const timeOrdered = !ascending;
    if (timeOrdered) builder = builder.where(sql<boolean>`${sortKey} <= ${query.snapshot}`);
    const cursorKey = timeOrdered ? asMicros(sortKey) : sql<number>`${sortKey}`;
    // A profile shows its pins first; pins are few, so that list pages by offset within the snapshot.
    const pinsFirst = query.userId !== undefined && query.likedBy === undefined && !query.pinsOnly;
    if (pinsFirst) builder = builder.orderBy(sql`p.pinned_at desc nulls last`);
    else if (query.after) {
      const key = timeOrdered ? fromMicros(query.after.key) : sql`${query.after.key}`;
      builder = builder.where(sql<boolean>`(${sortKey}, p.id) ${sql.raw(ascending ? '>' : '<')} (${key}, ${query.after.id})`);
    }
    const direction = sql.raw(ascending ? 'asc' : 'desc');
    builder = builder
      .select(cursorKey.as('cursorKey'))
      .orderBy(sql`${sortKey} ${direction}`)
      .orderBy(sql`p.id ${direction}`)
      .limit(query.limit + 1);
    if (!query.after || pinsFirst) builder = builder.offset(query.offset);

    const rows = (await builder.execute()) as (PageRow & { cursorKey: number })[];
    const more = rows.length > query.limit;
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    return {
      posts: await this.cards(pageRows, query.viewerId),
      more,
      next: more && last && !pinsFirst ? { key: last.cursorKey, id: last.id } : undefined,
    };
  }

  /** Cards of visible posts in the order of `ids` (ids no longer visible are left out). */
  async byIds(ids: readonly number[], viewerId: number | undefined): Promise<PostCard[]> {
    if (ids.length === 0) return [];
    const rows = (await this.rows()
      .where((eb: Eb) => publiclyVisible(eb))
      .where('p.id', 'in', ids)
      .execute()) as PageRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.cards(
      ids.flatMap((id) => byId.get(id) ?? []),
      viewerId,
    );
  }

  /** One post the viewer may see: public, or their own in any state but removed. */
  async one(viewerId: number | undefined, where: { postId: number } | { mediaId: number }): Promise<PostCard | undefined> {
    let builder: PageBuilder = this.rows().where((eb: Eb) =>
      viewerId === undefined ? publiclyVisible(eb) : eb.or([publiclyVisible(eb), ownedBy(eb, viewerId)]),
    );
    if ('postId' in where) builder = builder.where('p.id', '=', where.postId);
    else {
      builder = builder.where('p.id', '=', (eb: Eb) =>
        eb.selectFrom('media_files').select('post_id').where('id', '=', where.mediaId),
      );
    }
    const rows = (await builder.execute()) as PageRow[];
    const [card] = await this.cards(rows, viewerId);
    return card;
  }

  /** Cards for public posts chosen elsewhere (search, sounds), in the given order; others are left out. */
  async publicCards(ids: readonly number[], viewerId: number | undefined): Promise<PostCard[]> {
    if (ids.length === 0) return [];
    const rows = (await this.rows()
      .where((eb: Eb) => publiclyVisible(eb))
      .where('p.id', 'in', ids)
      .execute()) as PageRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.cards(
      ids.flatMap((id) => byId.get(id) ?? []),
      viewerId,
    );
  }

  private rows(): PageBuilder {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('media_files as av', 'av.id', 'u.avatar_media_id')
      .select([
        'p.id',
        'p.title',
        'p.status',
        'p.lgbt',
        'p.likes_count as likesCount',
        'p.shares_count as sharesCount',
        'p.views_count as viewsCount',
        'p.pinned_at as pinnedAt',
        'p.published_at as publishedAt',
        'p.user_id as userId',
        'u.username',
        'u.display_name as displayName',
        'av.variants as avatarVariants',
      ]);
  }

  /** Everything around a page of posts, each kind in one query for the whole page. */
  private async cards(rows: readonly PageRow[], viewerId: number | undefined): Promise<PostCard[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const authorIds = [...new Set(rows.map((row) => row.userId))];
    const [media, tags, jobs, liked, followed] = await Promise.all([
      this.db
        .selectFrom('media_files')
        .select([
          'id',
          'post_id as postId',
          'name',
          'status',
          'mime_type as mimeType',
          'listing_suffix as listingSuffix',
          'width',
          'height',
          'duration_ms as durationMs',
          'placeholder',
          'variants',
        ])
        .where('post_id', 'in', ids)
        .orderBy('post_id')
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('post_tags as pt')
        .innerJoin('tags as t', 't.id', 'pt.tag_id')
        .select(['pt.post_id as postId', 't.id', 't.tag'])
        .where('pt.post_id', 'in', ids)
        .orderBy('pt.post_id')
        .orderBy('pt.position')
        .execute(),
      this.db
        .selectFrom('post_jobs')
        .select(['post_id as postId', 'kind', 'state'])
        .where('post_id', 'in', ids)
        .orderBy('post_id')
        .orderBy('id')
        .execute(),
      viewerId === undefined
        ? []
        : this.db.selectFrom('likes').select('post_id').where('user_id', '=', viewerId).where('post_id', 'in', ids).execute(),
      viewerId === undefined
        ? []
        : this.db
            .selectFrom('follows')
            .select('followee_id')
            .where('follower_id', '=', viewerId)
            .where('followee_id', 'in', authorIds)
            .execute(),
    ]);
    const likedIds = new Set(liked.map((row) => row.post_id));
    const followedIds = new Set(followed.map((row) => row.followee_id));
    const byPost = <T extends { postId: number | null }>(list: T[]) => {
      const grouped = new Map<number, T[]>();
      for (const item of list) {
        const group = grouped.get(item.postId as number);
        if (group) group.push(item);
        else grouped.set(item.postId as number, [item]);
      }
      return grouped;
    };
    const mediaOf = byPost(media);
    const tagsOf = byPost(tags);
    const jobsOf = byPost(jobs);
    return rows.map((row) =>
      toPostCard(row, {
        likeByUser: likedIds.has(row.id),
        iFollowUser: followedIds.has(row.userId),
        media: (mediaOf.get(row.id) ?? []).map((file) => toPostMedia({ ...file, postId: row.id })),
        tags: (tagsOf.get(row.id) ?? []).map(({ id, tag }) => ({ id, tag })),
        jobs: (jobsOf.get(row.id) ?? []).map(({ kind, state }) => ({ kind, state })),
      }),
    );
  }
}
