import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { type GridFeed, GridFeedOverlay } from '../feed/GridFeedOverlay';
import styles from './discovery.module.css';
import type { PostCard, PostList } from './discovery-types';
import { type FeedContext, PostGrid } from './PostGrid';

/**
 * A post grid that loads the next page of GET /api/post/ as the end comes into view (or on the button,
 * for keyboards and when observers are unavailable). `query` holds the list's filters; the snapshot
 * time `t` and the `cursor` of the previous page keep the pages from shifting.
 */
export function PagedPostGrid({
  first,
  query,
  context,
  label,
  feed,
}: {
  first: PostList;
  query: string;
  context?: FeedContext;
  label: string;
  /** Opens the grid's posts in the page's feed overlay, which goes on with the grid's list. */
  feed?: GridFeed;
}) {
  const { t } = useTranslation();
  const [posts, setPosts] = useState<PostCard[]>(first.posts);
  const [page, setPage] = useState({ more: first.canLoadMore, cursor: first.cursor, offset: first.posts.length });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setPosts(first.posts);
    setPage({ more: first.canLoadMore, cursor: first.cursor, offset: first.posts.length });
  }, [first]);

  const loadMore = async () => {
    if (state === 'loading' || !page.more) return;
    setState('loading');
    try {
      const position = page.cursor ? `cursor=${encodeURIComponent(page.cursor)}` : `offset=${page.offset}`;
      const next = await api<PostList>(`/api/post/?${query}&t=${first.t}&${position}`);
      setPosts((current) => [...current, ...next.posts.filter((post) => !current.some((known) => known.id === post.id))]);
      setPage({ more: next.canLoadMore, cursor: next.cursor, offset: page.offset + next.posts.length });
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !page.more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMoreRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [page.more]);

  if (posts.length === 0) return <p className={styles.empty}>{t('discovery.post.none')}</p>;
  return (
    <>
      {feed && <GridFeedOverlay feed={feed} list={{ posts, offset: page.offset, canLoadMore: page.more, t: first.t }} />}
      <PostGrid posts={posts} context={context} label={label} overlayLink={feed?.linkOf} />
      {page.more && (
        <div ref={sentinel} className={styles.more}>
          <button type="button" className={styles.secondaryButton} onClick={() => void loadMore()} disabled={state === 'loading'}>
            {state === 'loading' ? t('discovery.loading') : state === 'failed' ? t('discovery.retry') : t('discovery.showMore')}
          </button>
        </div>
      )}
    </>
  );
}
