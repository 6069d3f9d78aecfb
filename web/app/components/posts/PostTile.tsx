import { Link } from 'react-router';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { overlayLinkProps } from '../feed/GridFeedOverlay';
import { StillPicture } from '../media/StillPicture';
import { PinButton } from './PinButton';
import styles from './PostTile.module.css';
import { isPlayable, type PostCard, processingProgress, tileImage } from './post-links';

export interface PostTileProps {
  readonly post: PostCard;
  readonly href: string;
  /** The link opens the post in the page's feed overlay (feed/GridFeedOverlay.tsx) rather than leaving the page. */
  readonly overlay?: boolean;
  readonly locale: string;
  /** The viewer owns the post: pin control, processing and private states. */
  readonly owner: boolean;
  /** Processing progress from live events, ahead of the loaded card's. */
  readonly liveProgress?: number;
  /** The post the address points at (/user/{username}/{id}). */
  readonly current?: boolean;
  /** Eager image loading for the first row, so the largest paint is not delayed. */
  readonly eager?: boolean;
  readonly onPinChange?: (postId: number, pinned: boolean) => void;
  readonly onMessage?: (text: string, tone: 'success' | 'error') => void;
  /** Opens the owner's sheet for this post (edit, visibility, retry, delete). */
  readonly onManage?: (post: PostCard) => void;
}

/** A post in a grid: its still at 3:4, views, and the pinned, private or processing state. */
export function PostTile({
  post,
  href,
  overlay,
  locale,
  owner,
  liveProgress,
  current,
  eager,
  onPinChange,
  onMessage,
  onManage,
}: PostTileProps) {
  const { t } = useTranslation();
  const image = tileImage(post);
  const loadedProgress = owner ? processingProgress(post) : undefined;
  const progress = loadedProgress === undefined ? undefined : Math.max(loadedProgress, liveProgress ?? 0);
  const processing = progress !== undefined;
  const failed = owner && post.status === PostStatus.failed;
  // Held for its performers: said where the view count goes, as processing and failure are.
  const held = owner && post.status === PostStatus.awaitingPerformers;
  const playable = isPlayable(post, owner);
  const label = post.title || t('profile.untitled');
  const still = (
    <>
      {image.jpg ? (
        <StillPicture
          webp={image.webp}
          jpg={image.jpg}
          className={styles.image}
          eager={eager === true}
          width={post.media[0]?.width ?? 540}
          height={post.media[0]?.height ?? 720}
        />
      ) : (
        <span className={styles.blank} aria-hidden="true" />
      )}
      <span className={styles.shade} aria-hidden="true" />
      <span className={styles.badges}>
        {post.isPinned && <span className={styles.badge}>{t('profile.pinned')}</span>}
        {owner && post.status === PostStatus.private && <span className={styles.badgeMuted}>{t('profile.private')}</span>}
        {owner && post.status === PostStatus.draft && <span className={styles.badgeMuted}>{t('studio.states.draft')}</span>}
        {owner && post.status === PostStatus.scheduled && (
          <span className={styles.badgeMuted}>{t('studio.states.scheduled')}</span>
        )}
        {owner && post.status === PostStatus.inReview && (
          <span className={styles.badgeMuted} title={t('enforcement.status.inReviewHint')}>
            {t('enforcement.status.inReview')}
          </span>
        )}
      </span>
      {processing ? (
        <span className={styles.processing}>
          <span className={styles.processingText}>
            {progress === 0 ? t('profile.processingQueued') : t('profile.processing', { progress })}
          </span>
          <span
            className={styles.bar}
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={label}
          >
            <span className={styles.barFill} style={{ inlineSize: `${progress}%` }} />
          </span>
        </span>
      ) : failed ? (
        <span className={styles.processing}>
          <span className={styles.processingText}>{t('profile.failed')}</span>
        </span>
      ) : held ? (
        <span className={styles.processing} title={t('performers.awaitingHint')}>
          <span className={styles.processingText}>{t('performers.awaiting')}</span>
        </span>
      ) : (
        <span className={styles.views}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
          <span>{formatCount(post.viewCount, locale, 'views')}</span>
          <span className={styles.visuallyHidden}>{t('profile.views')}</span>
        </span>
      )}
    </>
  );
  return (
    <li className={styles.tile} data-current={current || undefined}>
      {playable ? (
        <Link
          {...(overlay ? overlayLinkProps(href) : { to: href })}
          className={styles.link}
          aria-label={t('profile.play', { title: label })}
          aria-current={current ? 'page' : undefined}
        >
          {still}
        </Link>
      ) : (
        <div className={styles.link}>
          <span className={styles.visuallyHidden}>{label}</span>
          {still}
        </div>
      )}
      {owner && playable && onPinChange && onMessage && (
        <PinButton
          postId={post.id}
          pinned={post.isPinned}
          onChange={(pinned) => onPinChange(post.id, pinned)}
          onMessage={onMessage}
        />
      )}
      {owner && onManage && (
        <button
          type="button"
          className={styles.manageButton}
          aria-haspopup="dialog"
          aria-label={t('manage.manageTitled', { title: label })}
          title={t('manage.manage')}
          onClick={() => onManage(post)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="5" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="19" cy="12" r="2" fill="currentColor" />
          </svg>
        </button>
      )}
    </li>
  );
}
