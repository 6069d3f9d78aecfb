import { useCallback, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { type FeedPost, type FeedStart, fetchPage } from './feed-data';

interface PagingState {
  readonly posts: readonly FeedPost[];
  readonly canLoadMore: boolean;
  readonly offset: number;
  readonly t: number | undefined;
}

const browserGet = (path: string) => api(path);

/**
 * The posts of a feed: the loader's first page, then the next pages fetched in the browser with the
 * offset and the first page's snapshot time `t`, so posts published meanwhile never shift the list.
 * `change` edits posts in place (a like, a follow that applies to every post of one creator); `remove` drops one.
 */
export function useFeedPaging(start: FeedStart) {
  const [state, setState] = useState<PagingState>(() => ({
    posts: start.posts,
    canLoadMore: start.canLoadMore,
    offset: start.offset,
    t: start.t,
  }));
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);

  const loadMore = useCallback(async () => {
    if (loading.current || !state.canLoadMore) return;
    loading.current = true;
    try {
      const shown = new Set(state.posts.map((post) => post.id));
      const page = await fetchPage(browserGet, start.source, state.offset, state.t, shown);
      setState((current) => ({
        posts: [...current.posts, ...page.posts],
        canLoadMore: page.canLoadMore && page.offset > current.offset,
        offset: page.offset,
        t: current.t ?? page.t,
      }));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      loading.current = false;
    }
  }, [state, start.source]);

  const change = useCallback((matches: (post: FeedPost) => boolean, update: (post: FeedPost) => FeedPost) => {
    setState((current) => ({ ...current, posts: current.posts.map((post) => (matches(post) ? update(post) : post)) }));
  }, []);

  /** A post gone from the list (its owner deleted it); the offset stays, as the server's list still counted it. */
  const remove = useCallback((postId: number) => {
    setState((current) => ({ ...current, posts: current.posts.filter((post) => post.id !== postId) }));
  }, []);

  return { ...state, failed, loadMore, change, remove };
}
