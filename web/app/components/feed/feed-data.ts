import type { PostCard } from '../../../../server/src/posts/post-card.ts';
import { readCookie } from '../../lib/cookies';
import type { PostListFilters } from '../../lib/post-links';

/** A post as the feed shows it; `sound` is the track an image set plays (spec §3 Sounds). */
export type FeedPost = PostCard;

/** Spec §9 page sizes: posts 20, the auto-popular feed 30. */
export const POST_PAGE_SIZE = 20;
export const POPULAR_PAGE_SIZE = 30;

/** Which list a feed pages through: GET /api/post/ filters, the orientation and the page size. */
export interface FeedSource {
  readonly filters: PostListFilters;
  readonly lgbt: number;
  readonly pageSize: number;
}

/** What a feed starts with (from the loader) and how it goes on. */
export interface FeedStart {
  readonly source: FeedSource;
  readonly posts: readonly FeedPost[];
  readonly canLoadMore: boolean;
  /** The list's snapshot time; later pages send it back so new posts do not shift the offsets. */
  readonly t: number | undefined;
  /** How many posts of the list were read so far: the next page's offset. */
  readonly offset: number;
  /** The post the feed was opened at, shown first. */
  readonly openedId?: number;
}

interface ListAnswer {
  readonly posts: FeedPost[];
  readonly canLoadMore: boolean;
  readonly t: number;
}

/**
 * The playback cookies (spec §3), read by feed pages on the server and by the feed overlay in the browser:
 * autoplay is on unless the visitor turned it off; videoNotPlayablePopup means the popup was shown lately,
 * so a failing video only says so on its card.
 */
export function playbackPreferences(cookieHeader: string | null | undefined): { autoplay: boolean; notPlayableSeen: boolean } {
  return {
    autoplay: readCookie(cookieHeader, 'autoplay') !== '0',
    notPlayableSeen: Boolean(readCookie(cookieHeader, 'videoNotPlayablePopup')),
  };
}

/** Calls the API: the server context's `api` in loaders, lib/api.ts in the browser. */
export type ApiGet = (path: string) => Promise<unknown>;

/** Success answers of the envelope (spec §8); anything else is an error with the server's code. */
export class FeedLoadError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

function checked<T>(answer: unknown): T {
  const envelope = answer as { statusCode?: number; error?: string };
  if (envelope.statusCode === 1 || envelope.statusCode === 2) return answer as T;
  throw new FeedLoadError(envelope.error ?? 'internal_error');
}

export function listPath(source: FeedSource, offset: number, t: number | undefined, limit = source.pageSize): string {
  const query = new URLSearchParams({ ...source.filters, lgbt: String(source.lgbt), limit: String(limit) });
  if (offset > 0) query.set('offset', String(offset));
  if (t !== undefined) query.set('t', String(t));
  return `/api/post/?${query.toString()}`;
}

/** One page of a list, without the posts already shown (the opened post, a post the mix listed twice). */
export async function fetchPage(
  get: ApiGet,
  source: FeedSource,
  offset: number,
  t: number | undefined,
  shown: ReadonlySet<number>,
  limit = source.pageSize,
) {
  const answer = checked<ListAnswer>(await get(listPath(source, offset, t, limit)));
  return {
    posts: answer.posts.filter((post) => !shown.has(post.id)),
    canLoadMore: answer.canLoadMore,
    t: answer.t,
    offset: offset + answer.posts.length,
  };
}

export async function fetchPost(get: ApiGet, id: number): Promise<FeedPost> {
  return checked<{ post: FeedPost }>(await get(`/api/post/${id}`)).post;
}

/**
 * The start of a feed: the opened post (when there is one) followed by the first `limit` posts of its
 * list; the browser goes on from there with whole pages.
 */
export async function startWith(
  get: ApiGet,
  source: FeedSource,
  opened: FeedPost | undefined,
  limit = source.pageSize,
): Promise<FeedStart> {
  const page = await fetchPage(get, source, 0, undefined, new Set(opened ? [opened.id] : []), limit);
  return {
    source,
    posts: opened ? [opened, ...page.posts] : page.posts,
    canLoadMore: page.canLoadMore,
    t: page.t,
    offset: page.offset,
    openedId: opened?.id,
  };
}
