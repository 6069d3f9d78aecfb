import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { useResetOnChange } from '../../lib/use-reset-on-change';
import { type GridFeed, GridFeedOverlay } from '../feed/GridFeedOverlay';
import { ManagePostSheet } from '../feed/lazy-parts';
import styles from './PostGrid.module.css';
import { PostTile } from './PostTile';
import { isPlayable, type PostCard, type PostPage } from './post-links';
import { useLiveProcessing } from './useLiveProcessing';

/**
 * Where a tile leads: `linkFor` leaves the page (the player), `feed` opens the post in the page's feed
 * overlay, which goes on with the grid's list.
 */
type TileLinks =
  | { readonly linkFor: (post: PostCard) => string; readonly feed?: undefined }
  | { readonly feed: GridFeed; readonly linkFor?: undefined };

export type PostGridProps = TileLinks & {
  /** The first page, from the route's loader. */
  readonly initial: PostPage;
  /** GET /api/post/ with the list's filters; offset and t are added for later pages. */
  readonly source: string;
  readonly locale: string;
  /** The viewer owns these posts: pin controls and processing tiles. */
  readonly owner?: boolean;
  /** Keep pinned posts first when a pin changes (a profile's own order). */
  readonly pinsFirst?: boolean;
  readonly currentId?: number;
  readonly empty: string;
  readonly label: string;
  readonly onMessage?: (text: string, tone: 'success' | 'error') => void;
};

/** Pins first, newest pin first, as the server orders a profile. */
function withPinsFirst(posts: PostCard[], changedId: number): PostCard[] {
  const changed = posts.find((post) => post.id === changedId);
  if (!changed) return posts;
  const rest = posts.filter((post) => post.id !== changedId);
  const pins = rest.filter((post) => post.isPinned);
  const others = rest.filter((post) => !post.isPinned);
  return changed.isPinned ? [changed, ...pins, ...others] : [...pins, changed, ...others];
}

/**
 * A grid of post tiles that loads the next page when its end scrolls near (and on the button, for
 * keyboards and when observers are unavailable). Pages share the first page's snapshot `t`.
 */
export function PostGrid({
  initial,
  source,
  linkFor,
  feed,
  locale,
  owner = false,
  pinsFirst,
  currentId,
  empty,
  label,
  onMessage,
}: PostGridProps) {
  const { t } = useTranslation();
  const [posts, setPosts] = useState(initial.posts);
  const [more, setMore] = useState(initial.canLoadMore);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [managing, setManaging] = useState<PostCard>();
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = useRef(false);

  useResetOnChange(initial, (next) => {
    setPosts(next.posts);
    setMore(next.canLoadMore);
  });

  const loadMore = async () => {
    if (loading.current || !more) return;
    loading.current = true;
    setState('loading');
    try {
      const separator = source.includes('?') ? '&' : '?';
      const page = await api<PostPage>(`${source}${separator}offset=${posts.length}&t=${initial.t}`);
      const known = new Set(posts.map((post) => post.id));
      setPosts((current) => [...current, ...page.posts.filter((post) => !known.has(post.id))]);
      setMore(page.canLoadMore);
      setState('idle');
    } catch {
      setState('failed');
    } finally {
      loading.current = false;
    }
  };

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more || state === 'failed' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  });

  const liveProgress = useLiveProcessing(posts, owner, (card) =>
    setPosts((current) => current.map((post) => (post.id === card.id ? card : post))),
  );

  const removePost = (postId: number) => setPosts((current) => current.filter((post) => post.id !== postId));

  const pinChanged = (postId: number, pinned: boolean) => {
    setPosts((current) => {
      const updated = current.map((post) => (post.id === postId ? { ...post, isPinned: pinned } : post));
      return pinsFirst ? withPinsFirst(updated, postId) : updated;
    });
  };

  // The overlay also opens over an empty grid: a shared post's address shows the post whatever the grid lists.
  const overlay = feed && (
    <GridFeedOverlay
      feed={feed}
      list={{ posts: posts.filter((post) => isPlayable(post, owner)), offset: posts.length, canLoadMore: more, t: initial.t }}
      onPostDeleted={removePost}
    />
  );
  if (posts.length === 0) {
    return (
      <>
        {overlay}
        <p className={styles.empty}>{empty}</p>
      </>
    );
  }
  return (
    <section aria-label={label}>
      {overlay}
      <ul className={styles.grid}>
        {posts.map((post, index) => (
          <PostTile
            key={post.id}
            post={post}
            href={feed ? feed.linkOf(post) : linkFor(post)}
            overlay={feed !== undefined}
            locale={locale}
            owner={owner}
            liveProgress={liveProgress.get(post.id)}
            current={post.id === currentId}
            eager={index < 6}
            onPinChange={owner ? pinChanged : undefined}
            onMessage={onMessage}
            onManage={owner ? setManaging : undefined}
          />
        ))}
      </ul>
      <Suspense fallback={null}>
        {managing && (
          <ManagePostSheet
            post={managing}
            onClose={() => setManaging(undefined)}
            onUpdated={(updated) => setPosts((current) => current.map((post) => (post.id === updated.id ? updated : post)))}
            onDeleted={removePost}
          />
        )}
      </Suspense>
      {more && (
        <div ref={sentinel} className={styles.more}>
          <button type="button" className={styles.moreButton} onClick={loadMore} disabled={state === 'loading'}>
            {state === 'loading' ? t('profile.loading') : t('profile.loadMore')}
          </button>
          {state === 'failed' && (
            <p className={styles.failed} role="alert">
              {t('profile.loadFailed')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
