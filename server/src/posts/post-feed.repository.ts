import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { type Db, prepared } from '../db/database.ts';
import type { Database, MediaVariant } from '../db/schema.ts';
import { CardCache, type SharedCard } from './card-cache.ts';
import { type MediaRow, type PageRow, type PostCard, toPostCard, toPostMedia, toPostSound } from './post-card.ts';
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
 * A tag's or a creator's list, alone: whatever the tag or creator, the best plan walks that tag's
 * (`post_tags_listed`) or creator's (`posts_profile`) index, so one generic plan serves every value. Planning
 * it took about 1 ms of the 1.3 a page spent in PostgreSQL at 1M posts (posts/README.md "Paging"). Lists
 * joined with likes, playlists or follows, and the whole site's lists, keep a plan made for their values:
 * a generic plan of the newest-first list sorted every post (300 ms).
 */
function servedByOnePlan(query: PostPageQuery): boolean {
  const joined = query.likedBy !== undefined || query.playlistId !== undefined || query.followedBy !== undefined;
  return !joined && (query.tagId !== undefined || query.userId !== undefined);
}

/**
 * The read model of posts. A list picks the page's post ids in the list's order, then takes their cards
 * from the process's card cache, reading those it lacks in one query (each with its author, media, tags and
 * jobs, as JSON arrays built by PostgreSQL); a signed-in viewer's likes and follows come from a probe of
 * their own, alongside. A list of known ids (home mix, search) and a single post skip the first step's
 * list query (a post checks only that the viewer may see it).
 */
export class PostFeedRepository {
  private readonly db: Db;
  private readonly genericPlans: Db;
  private readonly cache: CardCache;

  /**
   * `cache` is the process's card cache (container.ts); without one, every card is read afresh.
   * `genericPlans` runs the page queries whose one plan serves every value (db/database.ts); without it they
   * run on `db`.
   */
  constructor(db: Db, options: { cache?: CardCache; genericPlans?: Db } = {}) {
    this.db = db;
    this.genericPlans = options.genericPlans ?? db;
    this.cache = options.cache ?? CardCache.disabled();
  }

  async page(query: PostPageQuery): Promise<PostPage> {
    const onePlan = servedByOnePlan(query);
    let builder: PageBuilder = (onePlan ? this.genericPlans : this.db)
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where((eb: Eb) => (query.ownProfile && query.viewerId !== undefined ? ownedBy(eb, query.viewerId) : publiclyVisible(eb)));
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
    if (onePlan) builder = builder.modifyEnd(prepared);

    const rows = (await builder.execute()) as { id: number; cursorKey: number }[];
    const more = rows.length > query.limit;
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    // The ids were chosen under the list's own visibility (an owner's profile shows their processing posts).
    const cards = await this.cards(
      pageRows.map((row) => row.id),
      query.viewerId,
    );
    return { posts: cards, more, next: more && last && !pinsFirst ? { key: last.cursorKey, id: last.id } : undefined };
  }

  /** Cards of public posts chosen elsewhere (home mix, tag head, search, sounds), in the given order; others are left out. */
  publicCards(ids: readonly number[], viewerId: number | undefined): Promise<PostCard[]> {
    return this.cards(ids, viewerId, true);
  }

  /** One post the viewer may see: public, or their own in any state but removed. */
  async one(viewerId: number | undefined, where: { postId: number } | { mediaId: number }): Promise<PostCard | undefined> {
    let builder = this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where((eb: Eb) => (viewerId === undefined ? publiclyVisible(eb) : eb.or([publiclyVisible(eb), ownedBy(eb, viewerId)])));
    if ('postId' in where) builder = builder.where('p.id', '=', where.postId);
    else {
      builder = builder.where('p.id', '=', (eb) =>
        eb.selectFrom('media_files').select('post_id').where('id', '=', where.mediaId),
      );
    }
    const row = await builder.modifyEnd(prepared).executeTakeFirst();
    if (!row) return undefined;
    const [card] = await this.cards([Number(row.id)], viewerId);
    return card;
  }

  /**
   * Cards of `ids` in that order (of public posts only with `publicOnly`): the shared part from the card
   * cache or, for those it lacks, from one query, and the viewer's likes and follows from a probe of their own.
   */
  private async cards(ids: readonly number[], viewerId: number | undefined, publicOnly = false): Promise<PostCard[]> {
    if (ids.length === 0) return [];
    const [shared, marks] = await Promise.all([
      this.sharedCards(ids),
      viewerId === undefined ? undefined : this.viewerMarks(viewerId, ids),
    ]);
    return ids.flatMap((id) => {
      const entry = shared.get(id);
      if (!entry || (publicOnly && !entry.isPublic)) return [];
      if (!marks) return [entry.card];
      const { card } = entry;
      return [
        { ...card, likeByUser: marks.liked.has(id), user: { ...card.user, iFollowUser: marks.followed.has(card.user.id) } },
      ];
    });
  }

  private async sharedCards(ids: readonly number[]): Promise<Map<number, SharedCard>> {
    const found = new Map<number, SharedCard>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = this.cache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const loadedAt = this.cache.begin();
    // One array parameter, not one per id, so every page runs the same prepared statement.
    const rows = (await this.cardRows()
      .select((eb: Eb) => publiclyVisible(eb).as('isPublic'))
      .where('p.id', '=', (eb: Eb) => eb.fn.any(eb.val(missing)))
      .execute()) as (CardRow & { isPublic: boolean })[];
    const loaded = rows.map((row) => ({ card: toCard(row), isPublic: row.isPublic }));
    this.cache.store(loadedAt, loaded);
    for (const entry of loaded) found.set(entry.card.id, entry);
    return found;
  }

  /** Which of these posts the viewer liked, and which of their authors the viewer follows (a prepared statement). */
  private async viewerMarks(viewerId: number, ids: readonly number[]) {
    const postIds = sql`${[...ids]}::bigint[]`;
    const { rows } = await sql<{ liked: number[]; followed: number[] }>`
      SELECT array(SELECT post_id FROM likes WHERE user_id = ${viewerId} AND post_id = any(${postIds})) AS liked,
             array(SELECT followee_id FROM follows WHERE follower_id = ${viewerId}
                     AND followee_id IN (SELECT user_id FROM posts WHERE id = any(${postIds}))) AS followed ${prepared}`.execute(
      this.db,
    );
    const [row] = rows;
    return { liked: new Set((row?.liked ?? []).map(Number)), followed: new Set((row?.followed ?? []).map(Number)) };
  }

  /** Posts with their authors and everything a card shows, one row per post: what every viewer sees alike. */
  private cardRows(): PageBuilder {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('media_files as av', 'av.id', 'u.avatar_media_id')
      .select((eb) => [
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
        'p.allow_embedding as allowEmbedding',
        'p.allow_downloads as allowDownloads',
        jsonArrayFrom(
          eb
            .selectFrom('media_files as m')
            .select([
              'm.id',
              'm.name',
              'm.status',
              'm.mime_type as mimeType',
              'm.listing_suffix as listingSuffix',
              'm.width',
              'm.height',
              'm.duration_ms as durationMs',
              'm.placeholder',
              'm.variants',
            ])
            .whereRef('m.post_id', '=', 'p.id')
            .orderBy('m.position'),
        ).as('media'),
        jsonArrayFrom(
          eb
            .selectFrom('post_tags as pt')
            .innerJoin('tags as t', 't.id', 'pt.tag_id')
            .select(['t.id', 't.tag'])
            .whereRef('pt.post_id', '=', 'p.id')
            .orderBy('pt.position'),
        ).as('tags'),
        jsonObjectFrom(
          eb
            .selectFrom('sounds as s')
            .innerJoin('media_files as sm', 'sm.id', 's.media_file_id')
            .select(['s.id', 's.name', 'sm.variants'])
            .whereRef('s.id', '=', 'p.sound_id'),
        ).as('sound'),
        jsonArrayFrom(
          eb.selectFrom('post_jobs as j').select(['j.kind', 'j.state']).whereRef('j.post_id', '=', 'p.id').orderBy('j.id'),
        ).as('jobs'),
      ])
      .modifyEnd(prepared);
  }
}

/** A card row: the post, its author, and what the card lists, as PostgreSQL built them (no viewer's marks). */
interface CardRow extends PageRow {
  readonly media: Omit<MediaRow, 'postId'>[];
  readonly tags: { id: number; tag: string }[];
  readonly jobs: { kind: string; state: string }[];
  readonly sound: { id: number; name: string; variants: Record<string, MediaVariant> | null } | null;
}

function toCard(row: CardRow): PostCard {
  return toPostCard(row, {
    likeByUser: false,
    iFollowUser: false,
    media: row.media.map((file) => toPostMedia({ ...file, postId: row.id })),
    tags: row.tags,
    jobs: row.jobs,
    sound: toPostSound(row.sound),
  });
}
