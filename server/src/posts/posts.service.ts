import type { ContentScreen } from '../enforcement/watched-words.ts';
import { AppError } from '../http/errors.ts';
import type { LikesRepository } from '../social/likes.repository.ts';
import { seededOrder, seedOf } from './feed-mix.ts';
import type { FeedSupplyRepository } from './feed-supply.repository.ts';
import type { HomeFeed } from './home-feed.ts';
import type { PostCard } from './post-card.ts';
import type { PageCursor, PostFeedRepository, PostPageQuery } from './post-feed.repository.ts';
import { PostStatus } from './post-status.ts';
import type { PostsRepository } from './posts.repository.ts';
import { normalizeTag } from './tag-name.ts';

export const POST_PAGE = 20;
export const POST_PAGE_MAX = 50;
export const LIKERS_PAGE = 30;
export const TITLE_MAX = 300;
export const TAGS_MAX = 20;
const TAG_PATTERN = /^\S{1,64}$/;
/** Spec §9: a tag feed's random head holds count/10 posts, clamped 10–500, 50 when unknown. */
export const TAG_X_MIN = 10;
export const TAG_X_MAX = 500;
export const TAG_X_DEFAULT = 50;
/** The statuses an owner may choose (POST/PUT /api/post): public or private. */
export const OWNER_STATUSES = [PostStatus.published, PostStatus.private] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

export function tagHeadSize(useCount: number | undefined, asked: number | undefined): number {
  const size = asked ?? (useCount === undefined ? TAG_X_DEFAULT : Math.floor(useCount / 10));
  return Math.min(Math.max(size, TAG_X_MIN), TAG_X_MAX);
}

/** GET /api/post/ filters as the client sends them (spec §7); unknown ones are validated away by the route. */
export interface PostListParams {
  readonly limit?: number;
  readonly offset?: number;
  readonly userId?: number;
  readonly likes?: number;
  readonly following?: number;
  readonly playlistId?: number;
  readonly pinsOnly?: number;
  readonly lgbt?: number;
  readonly tagId?: number;
  /** Snapshot time, epoch milliseconds, from the first page's answer. */
  readonly t?: number;
  readonly cursor?: string;
  /** Any value but 0 asks for newest first instead of the home mix. */
  readonly latest?: string;
  /** Post ids the client already showed: the home mix pushes them back to its seen bucket. */
  readonly seen?: readonly number[];
  /** Shuffle seed of the home mix's random buckets and a tag feed's head; defaults to one derived from `t`. */
  readonly seed?: number;
  /** Size of a seeded tag feed's random head (10–500). */
  readonly x?: number;
  /** Post ids to leave out of any list (what the player already shows). */
  readonly rest?: readonly number[];
  /** 1: the home mix keeps seen posts where they are instead of pushing them back. */
  readonly nsfhp?: number;
}

export interface PostEdit {
  readonly title?: string;
  readonly tags?: readonly string[];
  readonly status?: OwnerStatus;
}

export interface PostList {
  readonly posts: PostCard[];
  readonly canLoadMore: boolean;
  /** Send back as `t` with the next pages so posts added meanwhile do not shift the offsets. */
  readonly t: number;
  /** Send back as `cursor` to page by key instead of offset (faster on deep pages); null when not available. */
  readonly cursor: string | null;
  /** The shuffle seed this list used; send it back with later pages. */
  readonly seed: number;
}

export function encodeCursor(cursor: PageCursor | undefined): string | null {
  return cursor ? `${cursor.key}_${cursor.id}` : null;
}

export function decodeCursor(text: string | undefined): PageCursor | undefined {
  const match = text ? /^(-?\d{1,17})_(\d{1,17})$/.exec(text) : null;
  if (!match) return undefined;
  return { key: Number(match[1]), id: Number(match[2]) };
}

type ListFilters = Pick<PostListParams, 'userId' | 'likes' | 'following' | 'playlistId' | 'pinsOnly' | 'tagId' | 'latest'>;

/** A list without filters, in the home mix's order rather than newest first (spec §4 buckets). */
export function readsHomeMix(params: ListFilters): boolean {
  return listFilters(params).length === 0 && !newestFirst(params);
}

function listFilters(params: ListFilters): number[] {
  const filters = [params.userId, params.likes, params.following, params.playlistId, params.pinsOnly, params.tagId];
  return filters.filter((value): value is number => value !== undefined && value !== 0);
}

const newestFirst = (params: ListFilters) => params.latest !== undefined && params.latest !== '0';

export class PostService {
  private readonly feed: PostFeedRepository;
  private readonly posts: PostsRepository;
  private readonly likes: LikesRepository;
  private readonly home: HomeFeed;
  private readonly supply: FeedSupplyRepository;
  private readonly screen: Pick<ContentScreen, 'screenPost' | 'holdPost'> | undefined;

  constructor(
    feed: PostFeedRepository,
    posts: PostsRepository,
    likes: LikesRepository,
    home: HomeFeed,
    supply: FeedSupplyRepository,
    /** Watched words (enforcement/): titles and tags that are refused or hold the post for review. */
    screen?: Pick<ContentScreen, 'screenPost' | 'holdPost'>,
  ) {
    this.screen = screen;
    this.feed = feed;
    this.posts = posts;
    this.likes = likes;
    this.home = home;
    this.supply = supply;
  }

  async list(viewer: { userId: number | undefined; key: string | undefined }, params: PostListParams): Promise<PostList> {
    const viewerId = viewer.userId;
    const snapshot = params.t && params.t <= Date.now() ? new Date(params.t) : new Date();
    const seed = params.seed ?? seedOf(snapshot.getTime());
    const likes = params.likes === 1;
    if (params.following === 1 && viewerId === undefined) throw new AppError('login_required');
    const likedBy = likes ? (params.userId ?? viewerId) : undefined;
    if (likes && likedBy === undefined) throw new AppError('login_required');
    const query: PostPageQuery = {
      viewerId,
      limit: Math.min(params.limit ?? POST_PAGE, POST_PAGE_MAX),
      offset: params.offset ?? 0,
      snapshot,
      after: decodeCursor(params.cursor),
      userId: likes ? undefined : params.userId,
      ownProfile: !likes && params.userId !== undefined && params.userId === viewerId,
      likedBy,
      followedBy: params.following === 1 ? viewerId : undefined,
      playlistId: params.playlistId,
      pinsOnly: params.pinsOnly === 1,
      lgbt: params.lgbt || undefined,
      tagId: params.tagId,
      exclude: params.rest ?? [],
    };
    const answer = (page: { posts: PostCard[]; more: boolean; next?: PageCursor }): PostList => ({
      posts: page.posts,
      canLoadMore: page.more,
      t: snapshot.getTime(),
      cursor: encodeCursor(page.next),
      seed,
    });
    if (readsHomeMix(params)) {
      return answer(
        await this.home.page({
          viewerId,
          viewerKey: viewer.key,
          offset: query.offset,
          limit: query.limit,
          snapshot,
          seed,
          lgbt: query.lgbt,
          seen: params.seen ?? [],
          exclude: query.exclude ?? [],
          keepSeen: params.nsfhp === 1,
        }),
      );
    }
    const onlyTag = params.tagId !== undefined && listFilters(params).length === 1;
    if (onlyTag && params.seed !== undefined && !newestFirst(params) && !query.after)
      return answer(await this.seededTagPage(query, seed, params.x));
    return answer(await this.feed.page(query));
  }

  /**
   * A tag feed with a seed: the tag's `x` most popular posts in the seed's order, then the rest newest
   * first. Offsets count through both parts.
   */
  private async seededTagPage(query: PostPageQuery, seed: number, asked: number | undefined) {
    const tagId = query.tagId as number;
    const x = tagHeadSize(await this.supply.tagUseCount(tagId), asked);
    const head = seededOrder(
      seed,
      await this.supply.tagHead(tagId, x, { ...query, lgbt: query.lgbt, exclude: query.exclude ?? [] }),
    );
    const fromHead = head.slice(query.offset, query.offset + query.limit);
    const tail = await this.feed.page({
      ...query,
      exclude: [...(query.exclude ?? []), ...head],
      offset: Math.max(query.offset - head.length, 0),
      limit: query.limit - fromHead.length,
    });
    const headCards = await this.feed.publicCards(fromHead, query.viewerId);
    const headMore = query.offset + query.limit < head.length;
    return { posts: [...headCards, ...tail.posts], more: headMore || tail.more };
  }

  async post(viewerId: number | undefined, postId: number): Promise<PostCard> {
    const post = await this.feed.one(viewerId, { postId });
    if (!post) throw new AppError('not_found');
    return post;
  }

  async postOfMedia(viewerId: number | undefined, mediaId: number): Promise<PostCard> {
    const post = await this.feed.one(viewerId, { mediaId });
    if (!post) throw new AppError('not_found');
    return post;
  }

  async likers(viewerId: number | undefined, postId: number, offset: number) {
    if (!(await this.feed.one(viewerId, { postId }))) throw new AppError('not_found');
    return { users: await this.likes.likers(postId, viewerId, LIKERS_PAGE, offset) };
  }

  /**
   * PUT /api/post/{id} and POST /api/post: title, tags and the status the owner wants (published or
   * private). A post still in the pipeline keeps the wish and gets it when processing ends.
   */
  async edit(ownerId: number, postId: number, changes: PostEdit): Promise<PostCard> {
    const post = await this.posts.findOwned(postId, ownerId);
    if (!post) throw new AppError('not_found');
    if (changes.status !== undefined) {
      const applied = await this.posts.requestStatus(post.id, changes.status);
      if (!applied) throw new AppError('post_not_publishable');
    }
    const tags = changes.tags?.map(normalizeTag).filter((tag) => tag !== '');
    if (tags?.some((tag) => !TAG_PATTERN.test(tag))) {
      throw new AppError('invalid_input', { details: [{ field: 'body/tags', problem: 'tag too long' }] });
    }
    if (tags && new Set(tags).size > TAGS_MAX) {
      throw new AppError('invalid_input', { details: [{ field: 'body/tags', problem: `at most ${TAGS_MAX} tags` }] });
    }
    const held = this.screen?.screenPost({ title: changes.title, tags }) ?? false;
    await this.posts.edit(post.id, { title: changes.title?.trim(), tags });
    if (held) await this.screen?.holdPost(post.id);
    return this.post(ownerId, post.id);
  }

  /** GET /api/debug/post/{id}: the stored state behind a post, for sessions with debugLevel 1 only. */
  async debug(debugLevel: number, viewerId: number | undefined, postId: number) {
    if (debugLevel !== 1) throw new AppError('forbidden');
    const stored = await this.posts.debugInfo(postId);
    if (!stored) throw new AppError('not_found');
    return { post: (await this.feed.one(viewerId, { postId })) ?? null, stored };
  }

  async remove(ownerId: number, postId: number): Promise<void> {
    const post = await this.posts.findOwned(postId, ownerId);
    if (!post) throw new AppError('not_found');
    await this.posts.softDelete(post.id);
  }
}
