import { memo, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { SpriteIcon } from '../icons/sprite';
import { captionTracks } from '../player/caption-tracks';
import { playback, usePlayback } from '../player/playback-store';
import { isImage, isVideo } from '../player/renditions';
import { type LoadLevel, type PlayerHandle, VideoPlayer } from '../player/VideoPlayer';
import { ActionRail } from './ActionRail';
import { FeedCaption } from './FeedCaption';
import styles from './FeedCard.module.css';
import type { FeedPost } from './feed-data';
import { type Burst, HeartBurst } from './HeartBurst';
import { ImageSlideshow } from './lazy-parts';

/** Two taps closer than this are a double tap (like); a single tap waits this long before it pauses. */
const DOUBLE_TAP_MS = 260;

export interface FeedCardProps {
  readonly post: FeedPost;
  readonly position: number;
  readonly total: number;
  readonly level: LoadLevel;
  readonly autoplay: boolean;
  readonly requestedAt?: number;
  /** Tells the feed which player shows which post, so a swipe can start the next one at once. */
  readonly registerPlayer: (postId: number, handle: PlayerHandle | null) => void;
  readonly onLike: (post: FeedPost, liked: boolean) => void;
  readonly onFollow: (post: FeedPost) => void;
  readonly onShare: (post: FeedPost) => void;
  /** The viewer owns this post: the rail offers the owner's sheet instead of a follow button. */
  readonly own: boolean;
  readonly onManage: (post: FeedPost) => void;
  readonly onQuality: (post: FeedPost) => void;
  readonly onNotPlayable: (post: FeedPost) => void;
  readonly onCompleted: (post: FeedPost) => void;
}

/**
 * One full-height post of the vertical feed: the video or image set, its caption, and the action rail.
 * A tap pauses or resumes, a double tap likes with a heart where the finger was.
 */
export const FeedCard = memo(function FeedCard(props: FeedCardProps) {
  const { post, position, total, level, autoplay, requestedAt, registerPlayer, onLike, onFollow, onShare, onQuality } = props;
  const { onNotPlayable, onCompleted, own, onManage } = props;
  const { t } = useTranslation();
  const { muted, captionsOn } = usePlayback();
  const [paused, setPaused] = useState(true);
  const [bursts, setBursts] = useState<Burst[]>([]);
  const [failed, setFailed] = useState(false);
  const pendingTap = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const localPlayer = useRef<PlayerHandle | null>(null);
  const video = post.media.find(isVideo);
  const hasCaptions = video ? captionTracks(video).length > 0 : false;
  const pictures = post.media.filter(isImage);
  const current = level === 'play';

  const setPlayer = (handle: PlayerHandle | null) => {
    localPlayer.current = handle;
    registerPlayer(post.id, handle);
  };

  const tap = (event: React.MouseEvent<HTMLDivElement>) => {
    if (pendingTap.current !== undefined) {
      clearTimeout(pendingTap.current);
      pendingTap.current = undefined;
      const box = event.currentTarget.getBoundingClientRect();
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
      const inline = rtl ? box.right - event.clientX : event.clientX - box.left;
      setBursts((list) => [...list.slice(-4), { id: Date.now(), inline, block: event.clientY - box.top }]);
      if (!post.likeByUser) onLike(post, true);
      return;
    }
    pendingTap.current = setTimeout(() => {
      pendingTap.current = undefined;
      localPlayer.current?.togglePlay();
    }, DOUBLE_TAP_MS);
  };

  return (
    <article
      className={styles.card}
      data-current={current || undefined}
      data-post-id={post.id}
      aria-label={t('feed.postPosition', { position: position + 1, total })}
      aria-roledescription={t('feed.post')}
    >
      <div className={styles.stage}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a pointer shortcut; space and l do the same from the keyboard. */}
        <div className={styles.surface} onClick={tap}>
          {video ? (
            <VideoPlayer
              ref={setPlayer}
              media={video}
              postId={post.id}
              level={level}
              autoplay={autoplay}
              requestedAt={requestedAt}
              onPausedChange={setPaused}
              onCompleted={() => onCompleted(post)}
              onNotPlayable={() => {
                setFailed(true);
                onNotPlayable(post);
              }}
            />
          ) : (
            // Server-rendered pictures stay on screen while the slideshow's code arrives (lazy-parts.ts).
            <Suspense fallback={null}>
              <ImageSlideshow pictures={pictures} level={level} running={current} soundUrl={post.sound?.url} title={post.title} />
            </Suspense>
          )}
          <HeartBurst bursts={bursts} onDone={(id) => setBursts((list) => list.filter((burst) => burst.id !== id))} />
        </div>
        {video && current && paused && !failed && (
          <button
            type="button"
            className={styles.play}
            onClick={() => localPlayer.current?.togglePlay()}
            aria-label={t('feed.play')}
          >
            <SpriteIcon name="play" size={64} />
          </button>
        )}
        {failed && <p className={styles.failed}>{t('feed.notPlayableShort')}</p>}
        <div className={styles.controls}>
          {(video || post.sound) && (
            <button
              type="button"
              className={styles.control}
              onClick={() => playback.toggleMuted()}
              aria-pressed={!muted}
              aria-label={muted ? t('feed.unmute') : t('feed.mute')}
            >
              <SpriteIcon name={muted ? 'sound-off' : 'sound-on'} size={22} />
            </button>
          )}
          {hasCaptions && (
            <button
              type="button"
              className={styles.control}
              onClick={() => playback.toggleCaptions()}
              aria-pressed={captionsOn}
              aria-label={t('captions.toggle')}
              data-testid="captions-toggle"
            >
              <SpriteIcon name={captionsOn ? 'captions-on' : 'captions-off'} size={22} />
            </button>
          )}
          {video && (
            <button
              type="button"
              className={styles.control}
              onClick={() => onQuality(post)}
              aria-haspopup="dialog"
              aria-label={t('feed.quality')}
            >
              <SpriteIcon name="settings" size={22} />
            </button>
          )}
        </div>
        <FeedCaption post={post} />
      </div>
      <div className={styles.rail}>
        <ActionRail
          post={post}
          onLike={() => onLike(post, !post.likeByUser)}
          onFollow={() => onFollow(post)}
          onShare={() => onShare(post)}
          own={own}
          onManage={() => onManage(post)}
        />
      </div>
    </article>
  );
});
