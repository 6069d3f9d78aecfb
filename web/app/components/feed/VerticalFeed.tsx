import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/root-data';
import { useConsent } from '../consent/ConsentProvider';
import { IconSprite } from '../icons/sprite';
import { playback } from '../player/playback-store';
import type { LoadLevel, PlayerHandle } from '../player/VideoPlayer';
import { FeedCard } from './FeedCard';
import type { FeedPost, FeedStart } from './feed-data';
import { ArrowIcon } from './icons';
import {
  FeedEnd,
  LikersSheet,
  ManagePostSheet,
  NotPlayableDialog,
  prefetchLazyParts,
  QualityDialog,
  ShareSheet,
} from './lazy-parts';
import { useFeedNavigation } from './useFeedNavigation';
import { useFeedPaging } from './useFeedPaging';
import { useLiveViewing } from './useLiveViewing';
import { useSocialActions } from './useSocialActions';
import styles from './VerticalFeed.module.css';

/** The next page is fetched when the current post is this close to the end of the list. */
const PREFETCH_DISTANCE = 4;

/** Spec: the next two videos are buffered so they start at once; the previous one stays ready for going back. */
function loadLevel(index: number, active: number): LoadLevel {
  const ahead = index - active;
  if (ahead === 0) return 'play';
  return ahead >= -1 && ahead <= 2 ? 'preload' : 'none';
}

/** Whether the window's load event has fired (true at once on client-side navigations). */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

export interface VerticalFeedProps {
  readonly start: FeedStart;
  readonly autoplay: boolean;
  readonly notPlayableSeen: boolean;
  /** A heading for the feed, read by assistive technology (the page's title). */
  readonly label: string;
  /** Shown instead of the feed when the list is empty. */
  readonly empty?: React.ReactNode;
  /**
   * `overlay`: the feed fills the FeedOverlay it opens in, instead of the page below the top bar.
   * `single`: one post in a box the page sizes (the post page), without the feed's arrows.
   */
  readonly variant?: 'page' | 'overlay' | 'single';
  /** Told of every change to the posts (a like, an edit), for a page that shows them elsewhere too. */
  readonly onPostsChange?: (posts: readonly FeedPost[]) => void;
  /** The viewer deleted one of their posts shown here. */
  readonly onPostDeleted?: (postId: number) => void;
}

/**
 * The vertical feed: full-height posts in a scroll-snap column, one current at a time. The current video
 * plays, the next two are buffered, and further pages load before the end is reached.
 */
export function VerticalFeed({
  start,
  autoplay: initialAutoplay,
  notPlayableSeen,
  label,
  empty,
  variant = 'page',
  onPostsChange,
  onPostDeleted,
}: VerticalFeedProps) {
  const { t } = useTranslation();
  // The not-playable popup is modal: it waits for the cookie banner (a legal question) rather than cover it.
  const { remember, bannerVisible: consentBannerUp } = useConsent();
  const feed = useRef<HTMLDivElement>(null);
  const players = useRef(new Map<number, PlayerHandle>());
  const { posts, canLoadMore, failed, loadMore, change, remove } = useFeedPaging(start);
  const { like, follow, loginSheet } = useSocialActions(change);
  const root = useRootData();
  const viewerId = root?.viewer?.id;
  const [current, setCurrent] = useState<{ index: number; requestedAt?: number }>({ index: 0 });
  const [autoplay, setAutoplay] = useState(initialAutoplay);
  const [sharing, setSharing] = useState<FeedPost>();
  const [choosingQuality, setChoosingQuality] = useState<FeedPost>();
  const [notPlayable, setNotPlayable] = useState<FeedPost>();
  const [managing, setManaging] = useState<FeedPost>();
  const [likersOf, setLikersOf] = useState<number>();
  const popupSeen = useRef(notPlayableSeen);
  const active = Math.min(current.index, Math.max(0, posts.length - 1));
  const activePost = posts[active];

  const registerPlayer = useCallback((postId: number, handle: PlayerHandle | null) => {
    if (handle) players.current.set(postId, handle);
    else players.current.delete(postId);
  }, []);

  const activate = useCallback(
    (index: number, requestedAt: number) => {
      const post = posts[index];
      if (!post) return;
      players.current.get(post.id)?.startNow(requestedAt);
      setCurrent({ index, requestedAt });
    },
    [posts],
  );
  const activePlayer = () => (activePost ? players.current.get(activePost.id) : undefined);

  // Every post and, except on a post page, the end card after them.
  const goTo = useFeedNavigation(feed, variant === 'single' ? posts.length : posts.length + 1, active, {
    activate,
    togglePlay: () => activePlayer()?.togglePlay(),
    toggleMute: () => playback.toggleMuted(),
    like: () => activePost && void like(activePost, !activePost.likeByUser),
  });

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
    idle(prefetchLazyParts);
  }, []);

  // The server renders only the first posts (feed-loader.server.ts); the rest of the page is fetched once
  // the page has loaded, so its pictures do not hold back the load event, or as soon as the viewer moves on.
  const pageLoaded = usePageLoaded();
  useEffect(() => {
    if (!pageLoaded && active === 0) return;
    if (canLoadMore && active >= posts.length - PREFETCH_DISTANCE) void loadMore();
  }, [active, posts.length, canLoadMore, loadMore, pageLoaded]);

  const onCompleted = useLiveViewing(activePost?.id, change);

  useEffect(() => {
    onPostsChange?.(posts);
  }, [posts, onPostsChange]);

  const onNotPlayable = useCallback((post: FeedPost) => {
    if (popupSeen.current) return;
    popupSeen.current = true;
    setNotPlayable(post);
  }, []);

  if (posts.length === 0) return <div className={styles.empty}>{empty}</div>;

  return (
    <section className={styles.frame} aria-label={label} data-variant={variant}>
      <IconSprite set="card" />
      <div ref={feed} className={styles.feed} data-testid="vertical-feed" data-active-index={active}>
        {posts.map((post, index) => (
          <FeedCard
            key={post.id}
            post={post}
            position={index}
            total={posts.length}
            level={loadLevel(index, active)}
            autoplay={autoplay}
            requestedAt={index === active ? current.requestedAt : undefined}
            registerPlayer={registerPlayer}
            onLike={like}
            onFollow={follow}
            onShare={setSharing}
            own={viewerId !== undefined && post.user.id === viewerId}
            onManage={setManaging}
            onQuality={setChoosingQuality}
            onNotPlayable={onNotPlayable}
            onCompleted={onCompleted}
          />
        ))}
        {variant !== 'single' && (
          <Suspense fallback={null}>
            <FeedEnd loading={canLoadMore && !failed} failed={failed} onRetry={loadMore} />
          </Suspense>
        )}
      </div>
      {variant !== 'single' && (
        <nav className={styles.arrows} aria-label={t('feed.navigation')}>
          <button
            type="button"
            className={styles.arrow}
            disabled={active === 0}
            onClick={(event) => goTo(active - 1, event.timeStamp)}
            aria-label={t('feed.previous')}
          >
            <ArrowIcon direction="up" />
          </button>
          <button
            type="button"
            className={styles.arrow}
            disabled={active >= posts.length - 1 && !canLoadMore}
            onClick={(event) => goTo(active + 1, event.timeStamp)}
            aria-label={t('feed.next')}
          >
            <ArrowIcon direction="down" />
          </button>
        </nav>
      )}
      {/* Each dialog mounts (and first loads) when it opens. */}
      <Suspense fallback={null}>
        {sharing && (
          <ShareSheet
            post={sharing}
            onClose={() => setSharing(undefined)}
            onShared={(postId, shareCount) =>
              change(
                (post) => post.id === postId,
                (post) => ({ ...post, shareCount }),
              )
            }
          />
        )}
        {choosingQuality && (
          <QualityDialog
            post={choosingQuality}
            autoplay={autoplay}
            onAutoplayChange={(on) => {
              setAutoplay(on);
              remember('autoplay', on ? '1' : '0');
            }}
            onClose={() => setChoosingQuality(undefined)}
          />
        )}
        {managing && (
          <ManagePostSheet
            post={managing}
            onClose={() => setManaging(undefined)}
            onUpdated={(updated) =>
              change(
                (post) => post.id === updated.id,
                (post) => ({ ...post, ...updated }),
              )
            }
            onDeleted={(postId) => {
              remove(postId);
              onPostDeleted?.(postId);
            }}
            onShowLikers={() => {
              setLikersOf(managing.id);
              setManaging(undefined);
            }}
          />
        )}
        {likersOf !== undefined && (
          <LikersSheet postId={likersOf} locale={root?.locale ?? 'en-US'} onClose={() => setLikersOf(undefined)} />
        )}
        {notPlayable && !consentBannerUp && (
          <NotPlayableDialog
            open
            onClose={() => {
              setNotPlayable(undefined);
              remember('videoNotPlayablePopup', '1');
            }}
          />
        )}
      </Suspense>
      {loginSheet}
    </section>
  );
}
