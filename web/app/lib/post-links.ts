import { titleSlug } from '../../../server/src/posts/slug.ts';
import type { OrientationVariant } from './orientation';

export { titleSlug };

/**
 * The list a post was opened from (spec §2 link building), which the player continues with:
 * a playlist, a tag, the people I follow, a creator, my likes or a search.
 */
export type FeedContext =
  | { readonly kind: 'home' }
  | { readonly kind: 'playlist'; readonly playlistId: number }
  | { readonly kind: 'tag'; readonly tag: string }
  | { readonly kind: 'myFollows' }
  | { readonly kind: 'user'; readonly username: string }
  | { readonly kind: 'myLikes' }
  | {
      readonly kind: 'query';
      readonly query: string;
      /** nqt: a tag id the search excludes. */
      readonly excludedTagId?: number;
      /** qt: the query type. */
      readonly queryType?: string;
    };

export const homeContext: FeedContext = { kind: 'home' };

const positiveId = (value: string | null): number | undefined => {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  return Number(value);
};

/** The query parameters that carry a feed context, in the spec's names. */
function contextParameters(context: FeedContext): [string, string][] {
  switch (context.kind) {
    case 'home':
      return [];
    case 'playlist':
      return [['playlist', String(context.playlistId)]];
    case 'tag':
      return [['tag', context.tag]];
    case 'myFollows':
      return [['type', 'myFollows']];
    case 'user':
      return [['user', context.username]];
    case 'myLikes':
      return [['type', 'myLikes']];
    case 'query': {
      const parameters: [string, string][] = [['query', context.query]];
      if (context.excludedTagId !== undefined) parameters.push(['nqt', String(context.excludedTagId)]);
      if (context.queryType) parameters.push(['qt', context.queryType]);
      return parameters;
    }
  }
}

/**
 * Spec §2: /video{suffix}?id={postId}&title={slug} plus the feed context. The suffix is the site
 * variant's (-gay, -trans), so a link keeps the orientation it was made in.
 */
export function videoLink(
  post: { readonly id: number; readonly title: string },
  context: FeedContext = homeContext,
  variant?: Pick<OrientationVariant, 'suffix'>,
): string {
  const parameters = new URLSearchParams({ id: String(post.id) });
  const slug = titleSlug(post.title);
  if (slug) parameters.set('title', slug);
  for (const [name, value] of contextParameters(context)) parameters.set(name, value);
  return `/video${variant?.suffix ?? ''}?${parameters.toString()}`;
}

/** Reads the feed context of a /video address; anything unrecognisable is the home feed. */
export function readFeedContext(parameters: URLSearchParams): FeedContext {
  const playlistId = positiveId(parameters.get('playlist'));
  if (playlistId !== undefined) return { kind: 'playlist', playlistId };
  const tag = parameters.get('tag')?.trim();
  if (tag) return { kind: 'tag', tag: tag.slice(0, 64) };
  const type = parameters.get('type');
  if (type === 'myFollows') return { kind: 'myFollows' };
  if (type === 'myLikes') return { kind: 'myLikes' };
  const username = parameters.get('user')?.trim();
  if (username) return { kind: 'user', username: username.slice(0, 31) };
  const query = parameters.get('query')?.trim();
  if (query) {
    const excludedTagId = positiveId(parameters.get('nqt'));
    const queryType = parameters.get('qt')?.slice(0, 20);
    return {
      kind: 'query',
      query: query.slice(0, 200),
      ...(excludedTagId === undefined ? {} : { excludedTagId }),
      ...(queryType ? { queryType } : {}),
    };
  }
  return homeContext;
}

/** The post a /video address opens, or undefined when its id is missing or malformed. */
export function readPostId(parameters: URLSearchParams): number | undefined {
  return positiveId(parameters.get('id'));
}

/** What the opened post tells about its context: a tag context names a tag, the list needs its id. */
export interface OpenedPost {
  readonly user: { readonly id: number; readonly username: string };
  readonly tags: ReadonlyArray<{ readonly id: number; readonly tag: string }>;
}

/** GET /api/post/ filters (spec §7) as a query string map; `lgbt` is added by the caller. */
export type PostListFilters = Readonly<Record<string, string>>;

/**
 * The GET /api/post/ filters that list a context's posts, resolved with the post it was opened at
 * (the tag's and the creator's ids come from that post); "my likes" are the signed-in viewer's, which the
 * server knows from the session. A search has no list call of its own here, so it continues with the home
 * feed, as does a context the opened post cannot resolve (a tag it no longer carries).
 */
export function contextFilters(context: FeedContext, opened: OpenedPost | undefined): PostListFilters {
  switch (context.kind) {
    case 'playlist':
      return { playlistId: String(context.playlistId) };
    case 'tag': {
      const wanted = context.tag.toLowerCase();
      const tag = opened?.tags.find((candidate) => candidate.tag.toLowerCase() === wanted);
      return tag ? { tagId: String(tag.id) } : {};
    }
    case 'myFollows':
      return { following: '1' };
    case 'user':
      return opened && opened.user.username.toLowerCase() === context.username.toLowerCase()
        ? { userId: String(opened.user.id) }
        : {};
    case 'myLikes':
      return { likes: '1' };
    default:
      return {};
  }
}
