import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format-number';
import { ReportButton } from '../discovery/ReportButton';
import { Avatar } from '../profile/Avatar';
import { FollowButton } from '../profile/FollowButton';
import styles from './PostDetail.module.css';
import { type PostCard, profileVideoLink } from './post-links';

interface PostDetailProps {
  readonly post: PostCard;
  readonly locale: string;
  readonly isOwner: boolean;
  readonly onError: (text: string) => void;
}

/** Watching counts once per window; the websocket does this in the feed, this page uses the HTTP fallback. */
function recordView(postId: number, completed: boolean) {
  void api(`/api/post/view/${postId}`, { method: 'POST', body: { completed } }).catch(() => undefined);
}

/** One post on its own page (/{profile}/post/{id}): the media, what it is, who posted it. */
export function PostDetail({ post, locale, isOwner, onError }: PostDetailProps) {
  const { t } = useTranslation();
  const counted = useRef(false);
  const first = post.media[0];
  const video = post.media.find((file) => file.mimeType.startsWith('video/'));
  const source = video ? Object.entries(video.variants).find(([name]) => name.startsWith('mp4-'))?.[1] : undefined;
  const poster = first?.variants['poster-webp'] ?? first?.variants['poster-jpg'];
  const images = video ? [] : post.media.filter((file) => file.mimeType.startsWith('image/'));
  const author = post.user.displayName || post.user.username;
  const title = post.title || t('profile.untitled');

  return (
    <article className={styles.detail}>
      <div
        className={styles.stage}
        style={{ aspectRatio: first?.width && first.height ? `${first.width} / ${first.height}` : '9 / 16' }}
      >
        {source ? (
          // biome-ignore lint/a11y/useMediaCaption: posts carry no caption tracks
          <video
            className={styles.media}
            src={source}
            poster={poster}
            controls
            playsInline
            preload="metadata"
            onPlay={() => {
              if (counted.current) return;
              counted.current = true;
              recordView(post.id, false);
            }}
            onEnded={() => recordView(post.id, true)}
          />
        ) : (
          <ul className={styles.images}>
            {images.map((image, index) => (
              <li key={image.id}>
                <img
                  className={styles.media}
                  src={image.variants['poster-jpg'] ?? image.variants['listing-jpg']}
                  alt={`${title} (${index + 1}/${images.length})`}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.info}>
        <div className={styles.author}>
          <Link to={`/${post.user.username}`} className={styles.authorLink}>
            <Avatar name={author} variants={post.user.avatar} size="small" />
            <span className={styles.authorNames}>
              <span className={styles.authorName}>{author}</span>
              <bdi className={styles.authorUser}>@{post.user.username}</bdi>
            </span>
          </Link>
          {!isOwner && (
            <FollowButton
              userId={post.user.id}
              username={post.user.username}
              following={post.user.iFollowUser}
              size="compact"
              onError={onError}
            />
          )}
        </div>
        <h1 className={styles.title} dir="auto">
          {title}
        </h1>
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('profile.tags')}>
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={`/tag/${encodeURIComponent(tag.tag)}`} className={styles.tag}>
                  #{tag.tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.counts}>
          <span>
            <strong>{formatCount(post.likesCount, locale)}</strong> {t('profile.likes')}
          </span>
          <span>
            <strong>{formatCount(post.viewCount, locale, 'views')}</strong> {t('profile.views')}
          </span>
        </p>
        <div className={styles.actions}>
          <Link to={profileVideoLink(post, post.user.username)} className={styles.watch}>
            {t('profile.watchInFeed')}
          </Link>
          {!isOwner && <ReportButton target={{ postId: post.id }} className={styles.report} />}
        </div>
      </div>
    </article>
  );
}
