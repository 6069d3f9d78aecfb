import type { RouterContextProvider } from 'react-router';
import { serverContext } from '#server-context';
import { readCookie } from '../../lib/cookies';
import { loginRedirect } from '../../lib/login-next';
import { activeOrientation, orientationFromCookie } from '../../lib/orientation';
import type { PostListFilters } from '../../lib/post-links';
import { notFound } from '../../lib/route-params';
import {
  FeedLoadError,
  type FeedPost,
  type FeedSource,
  type FeedStart,
  fetchPost,
  POST_PAGE_SIZE,
  playbackPreferences,
  startWith,
} from './feed-data';

/**
 * How many posts of the list a feed page renders on the server: the one on screen and the one a first
 * swipe shows. Rendering and serialising all 20 of a page made the home page the costliest answer of the
 * site (243 KB of HTML, about 36 pages/s on two cores), and each post more costs about 5 KB of HTML and
 * loader data (issue 23 budgets the home page at 40 KB); the browser fetches the rest of the page right
 * after hydration (VerticalFeed loads more 4 posts before the end), long before a second swipe.
 */
const SERVER_RENDERED_POSTS = 2;

/** Present only for logged-in users (server/src/accounts/session-cookies.ts). */
const REFRESH_COOKIE = 'refresh';

/** What every feed page's loader answers. */
export interface FeedPageData {
  readonly start: FeedStart;
  /** The autoplay cookie (spec §3): on unless the visitor turned it off. */
  readonly autoplay: boolean;
  /** The videoNotPlayablePopup cookie: the popup was shown lately, so a failing video only says so on its card. */
  readonly notPlayableSeen: boolean;
}

interface LoaderArgs {
  readonly request: Request;
  readonly context: Readonly<RouterContextProvider>;
}

export interface FeedRequest {
  readonly filters?: PostListFilters;
  readonly pageSize?: number;
  readonly openedId?: number;
  /** Spec §6 authonly pages send anonymous visitors to /login with `next`. */
  readonly signedInOnly?: boolean;
  /** Picks the list from the opened post (a /video context needs the post's tag or creator id). */
  readonly filtersFor?: (opened: FeedPost | undefined) => PostListFilters;
}

/**
 * Loads a feed page on the server: the opened post and the first page of its list through the
 * in-process API (so the visitor's session and the server cache apply), plus the playback cookies.
 * A missing post is a 404; a list that needs a login sends the visitor to log in.
 */
export async function loadFeedPage({ request, context }: LoaderArgs, feed: FeedRequest): Promise<FeedPageData> {
  const url = new URL(request.url);
  const cookies = request.headers.get('cookie');
  if (feed.signedInOnly && !readCookie(cookies, REFRESH_COOKIE)) loginRedirect(request);
  const { api } = context.get(serverContext);
  const get = (path: string) => api(path);
  const lgbt = activeOrientation(url.pathname, orientationFromCookie(readCookie(cookies, 'lgbtPreference')));
  try {
    const opened = feed.openedId === undefined ? undefined : await fetchPost(get, feed.openedId);
    const source: FeedSource = {
      filters: feed.filtersFor ? feed.filtersFor(opened) : (feed.filters ?? {}),
      lgbt,
      pageSize: feed.pageSize ?? POST_PAGE_SIZE,
    };
    return {
      start: await startWith(get, source, opened, Math.min(SERVER_RENDERED_POSTS, source.pageSize)),
      ...playbackPreferences(cookies),
    };
  } catch (error) {
    if (error instanceof FeedLoadError && error.code === 'not_found') notFound();
    if (error instanceof FeedLoadError && error.code === 'login_required') loginRedirect(request);
    throw error;
  }
}
