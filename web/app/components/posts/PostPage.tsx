import { Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { FeedPost, FeedStart } from '../feed/feed-data';
import { LikersSheet, ManagePostSheet } from '../feed/lazy-parts';
import { VerticalFeed } from '../feed/VerticalFeed';
import { StillPicture } from '../media/StillPicture';
import { PostDetail } from './PostDetail';
import styles from './PostPage.module.css';
import { isPlayable, processingProgress, tileImage } from './post-links';

export interface PostPageProps {
  readonly post: FeedPost;
  readonly isOwner: boolean;
  readonly signedIn: boolean;
  readonly locale: string;
  readonly autoplay: boolean;
  readonly notPlayableSeen: boolean;
  readonly onError: (text: string) => void;
}

/** The post alone, as a feed of one: the feed's player, rail (like, share, owner's menu) and caption. */
function singleStart(post: FeedPost): FeedStart {
  return {
    source: { filters: { userId: String(post.user.id) }, lgbt: post.lgbt, pageSize: 1 },
    posts: [post],
    canLoadMore: false,
    t: undefined,
    offset: 1,
  };
}

/**
 * The post page's main part: the post in the app's own player beside its details. What the player's
 * rail changes (a like) shows in the details; what the owner's sheet changes (title, tags, visibility)
 * starts the player again with the new card. A post with nothing to play yet (processing, failed) shows
 * its still and state instead.
 */
export function PostPage({ post: loaded, isOwner, signedIn, locale, autoplay, notPlayableSeen, onError }: PostPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [post, setPost] = useState(loaded);
  const [edition, setEdition] = useState(0);
  const [managing, setManaging] = useState(false);
  const [showingLikers, setShowingLikers] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the player starts again only after the owner's edit (edition), not on each like
  const start = useMemo(() => singleStart(post), [edition]);
  const onPostsChange = useCallback((posts: readonly FeedPost[]) => {
    const shown = posts[0];
    if (shown) setPost(shown);
  }, []);
  const gone = () => navigate(`/${post.user.username}`, { replace: true });
  const progress = processingProgress(post);
  const image = tileImage(post);

  return (
    <article className={styles.post}>
      <div className={styles.player}>
        {isPlayable(post, isOwner) ? (
          <VerticalFeed
            key={edition}
            start={start}
            autoplay={autoplay}
            notPlayableSeen={notPlayableSeen}
            label={post.title || t('profile.untitled')}
            variant="single"
            onPostsChange={onPostsChange}
            onPostDeleted={gone}
          />
        ) : (
          <div className={styles.pending}>
            {image.jpg && (
              <StillPicture webp={image.webp} jpg={image.jpg} className={styles.still} eager width={540} height={720} />
            )}
            <p className={styles.pendingText}>
              {progress === undefined
                ? t('profile.failed')
                : progress === 0
                  ? t('profile.processingQueued')
                  : t('profile.processing', { progress })}
            </p>
          </div>
        )}
      </div>
      <PostDetail
        post={post}
        locale={locale}
        isOwner={isOwner}
        signedIn={signedIn}
        onManage={() => setManaging(true)}
        onShowLikers={() => setShowingLikers(true)}
        onError={onError}
      />
      <Suspense fallback={null}>
        {managing && (
          <ManagePostSheet
            post={post}
            onClose={() => setManaging(false)}
            onUpdated={(updated) => {
              setPost((current) => ({ ...current, ...updated }));
              setEdition((value) => value + 1);
            }}
            onDeleted={gone}
          />
        )}
        {showingLikers && <LikersSheet postId={post.id} locale={locale} onClose={() => setShowingLikers(false)} />}
      </Suspense>
    </article>
  );
}
