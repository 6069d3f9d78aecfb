import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { sendLive } from '../../lib/live-messages';
import { currentViewSource } from '../../lib/view-source';
import type { FeedPost } from '../feed/feed-data';
import { IconSprite, SpriteIcon } from '../icons/sprite';
import styles from './EmbedCard.module.css';
import { ImageSlideshow } from './ImageSlideshow';
import { playback, usePlayback } from './playback-store';
import { avatarUrl, isImage, isVideo } from './renditions';
import { type PlayerHandle, VideoPlayer } from './VideoPlayer';

/**
 * The post as other sites show it in an iframe (/embed/{post}): the player, which starts on a tap, and a
 * bar with the creator and a link to the post on the site. Links open the site in a new tab. A creator
 * who turned embedding off gets a notice instead of the player (studio/README.md).
 */
export function EmbedCard({ post, siteUrl }: { post: FeedPost; siteUrl: string }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} aria-label={post.title || post.user.displayName || post.user.username}>
      <IconSprite set="card" />
      {post.allowEmbedding ? (
        <EmbeddedPlayer post={post} />
      ) : (
        <div className={styles.stage}>
          <p className={styles.refused} role="status">
            {t('studio.embedDisabled')}
          </p>
        </div>
      )}
      <EmbedBar post={post} siteUrl={siteUrl} />
    </article>
  );
}

function EmbeddedPlayer({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const { muted } = usePlayback();
  const player = useRef<PlayerHandle | null>(null);
  const [paused, setPaused] = useState(true);
  const [failed, setFailed] = useState(false);
  const viewCounted = useRef(false);
  // The embed plays only on a tap: its first playing is the view, counted with the embedding site as referrer.
  const onPausedChange = useCallback(
    (nowPaused: boolean) => {
      setPaused(nowPaused);
      if (nowPaused || viewCounted.current) return;
      viewCounted.current = true;
      sendLive('viewingPost', { id: post.id, ...currentViewSource() });
    },
    [post.id],
  );
  const video = post.media.find(isVideo);
  const pictures = post.media.filter(isImage);

  return (
    <div className={styles.stage}>
      {video ? (
        <VideoPlayer
          ref={player}
          media={video}
          postId={post.id}
          level="play"
          autoplay={false}
          onPausedChange={onPausedChange}
          onNotPlayable={() => setFailed(true)}
        />
      ) : (
        <ImageSlideshow pictures={pictures} level="play" running soundUrl={post.sound?.url} title={post.title} />
      )}
      {video && paused && !failed && (
        <button type="button" className={styles.play} onClick={() => player.current?.togglePlay()} aria-label={t('feed.play')}>
          <SpriteIcon name="play" size={64} />
        </button>
      )}
      {video && !paused && (
        <button
          type="button"
          className={styles.surface}
          onClick={() => player.current?.togglePlay()}
          aria-label={t('feed.play')}
        />
      )}
      {failed && <p className={styles.failed}>{t('feed.notPlayableShort')}</p>}
      {video && (
        <button
          type="button"
          className={styles.mute}
          onClick={() => playback.toggleMuted()}
          aria-pressed={!muted}
          aria-label={muted ? t('feed.unmute') : t('feed.mute')}
        >
          <SpriteIcon name={muted ? 'sound-off' : 'sound-on'} size={22} />
        </button>
      )}
    </div>
  );
}

function EmbedBar({ post, siteUrl }: { post: FeedPost; siteUrl: string }) {
  const { t } = useTranslation();
  const avatar = avatarUrl(post.user.avatar, 'small');
  const name = post.user.displayName || post.user.username;
  return (
    <footer className={styles.bar}>
      <a className={styles.creator} href={`${siteUrl}/${post.user.username}`} target="_blank" rel="noopener">
        {avatar ? <img className={styles.avatar} src={avatar} alt="" width={40} height={40} /> : null}
        <span className={styles.names}>
          <span className={styles.name}>{name}</span>
          <span className={styles.title}>{post.title || <bdi>@{post.user.username}</bdi>}</span>
        </span>
      </a>
      <a className={styles.watch} href={`${siteUrl}${post.path}`} target="_blank" rel="noopener">
        {t('feed.watchOn')}
      </a>
    </footer>
  );
}
