import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import type { PostListFilters } from '../../lib/post-links';
import { FEED_OVERLAY_CLOSING_MS, FeedOverlay } from './FeedOverlay';
import { type FeedPost, type FeedStart, fetchPost, POST_PAGE_SIZE } from './feed-data';

/** How a grid page opens its posts in the feed overlay. */
export interface GridFeed {
  /** The GET /api/post/ filters of the grid's list (without paging): the feed goes on with them. */
  readonly filters: PostListFilters;
  readonly lgbt: number;
  /** The post the address opens (/tag/{tag}/{id}, /user/{username}/{id}), or undefined with the overlay closed. */
  readonly openedId: number | undefined;
  /** That post when the page's loader has read it (the grid's first page does not hold it). */
  readonly opened?: FeedPost;
  /** The page's own address, the overlay closed: where closing goes when there is no history to go back to. */
  readonly pagePath: string;
  /** The address of a post opened over the page. */
  readonly linkOf: (post: { readonly id: number }) => string;
  /** Names the overlay: the page's title. */
  readonly label: string;
}

/** What a grid tile's link carries so that closing the overlay goes back in history rather than forward. */
const OVERLAY_LINK_STATE = { feedOverlay: true } as const;

/**
 * The link props of a grid tile that opens its post in the overlay: the page keeps its scroll, and the page
 * transitions (layout/usePageTransitions.ts) leave the slide to the overlay.
 */
export function overlayLinkProps(to: string) {
  return { to, state: OVERLAY_LINK_STATE, preventScrollReset: true, 'data-feed-overlay-link': '' } as const;
}

/** The grid's list as loaded so far, so the feed starts at the tile and pages on where the grid stopped. */
export interface GridList {
  readonly posts: readonly FeedPost[];
  readonly offset: number;
  readonly canLoadMore: boolean;
  readonly t: number | undefined;
}

type Shown = { readonly start: FeedStart; readonly closing: boolean };

/**
 * The feed overlay of a grid page. Following a tile's link keeps the page (the same route with the post's
 * id), and the overlay opens at that post with the rest of the grid's list after it; the back gesture or
 * button leaves the post's address, which closes it with its slide. A post the grid has not loaded (a
 * forward move in history after a reload, a shared profile post) comes from the page's loader or is
 * fetched on its own, with the list from its start after it.
 */
export function GridFeedOverlay({
  feed,
  list,
  onPostDeleted,
}: {
  feed: GridFeed;
  list: GridList;
  /** The owner deleted a post in the overlay: the grid drops its tile too. */
  onPostDeleted?: (postId: number) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState<Shown>();
  const listRef = useRef(list);
  listRef.current = list;
  const { openedId, filters, lgbt } = feed;

  // The overlay follows the address only: a grid page loaded meanwhile changes nothing in an open feed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (openedId === undefined) {
      setShown((current) => current && { ...current, closing: true });
      const timer = setTimeout(() => setShown(undefined), FEED_OVERLAY_CLOSING_MS);
      return () => clearTimeout(timer);
    }
    const source = { filters, lgbt, pageSize: POST_PAGE_SIZE };
    const { posts, offset, canLoadMore, t } = listRef.current;
    const index = posts.findIndex((post) => post.id === openedId);
    if (index >= 0) {
      setShown({ start: { source, posts: posts.slice(index), offset, canLoadMore, t, openedId }, closing: false });
      return;
    }
    // A post the grid has not loaded opens alone, with the list from its start after it.
    const showAlone = (post: FeedPost) =>
      setShown({ start: { source, posts: [post], offset: 0, canLoadMore: true, t: undefined, openedId }, closing: false });
    if (feed.opened?.id === openedId) {
      showAlone(feed.opened);
      return;
    }
    let cancelled = false;
    fetchPost((path) => api(path), openedId).then(
      (post) => {
        if (!cancelled) showAlone(post);
      },
      () => {
        if (!cancelled) void navigate(feed.pagePath, { replace: true, preventScrollReset: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [openedId]);

  if (!shown) return null;
  const close = () => {
    if ((location.state as { feedOverlay?: boolean } | null)?.feedOverlay) void navigate(-1);
    else void navigate(feed.pagePath, { replace: true, preventScrollReset: true });
  };
  return (
    <FeedOverlay
      key={shown.start.openedId}
      start={shown.start}
      label={feed.label}
      onClose={close}
      closing={shown.closing}
      onPostDeleted={onPostDeleted}
    />
  );
}
