import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { postLabel } from '../../lib/post-label';
import { overlayLinkProps } from '../feed/GridFeedOverlay';
import { StillPicture } from '../media/StillPicture';
import shared from './discovery.module.css';
import { type PostCard, still } from './discovery-types';
import styles from './PostGrid.module.css';

/** Feed context a tile's link carries to the player (spec §2): tag, playlist or query. */
export type FeedContext = { readonly tag: string } | { readonly playlist: number } | { readonly query: string };

/** /video{suffix}?id={postId}&title={slug} plus the feed context the post was found in. */
export function postLink(post: PostCard, context?: FeedContext): string {
  if (!context) return post.path;
  const [name, value] = Object.entries(context)[0] as [string, string | number];
  return `${post.path}&${name}=${encodeURIComponent(String(value))}`;
}

/**
 * A grid of post posters, each a link into the feed player; first tiles load eagerly, the rest lazily.
 * With `overlayLink` a tile opens its post in the page's feed overlay (feed/GridFeedOverlay.tsx) instead.
 */
export function PostGrid({
  posts,
  context,
  label,
  overlayLink,
}: {
  posts: readonly PostCard[];
  context?: FeedContext;
  label: string;
  overlayLink?: (post: PostCard) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={styles.grid} aria-label={label}>
      {posts.map((post, index) => {
        const first = post.media[0];
        const picture = still(first?.variants ?? {}, 'listing');
        const images = post.media.filter((media) => media.mimeType.startsWith('image/')).length;
        return (
          <li key={post.id} className={styles.tile}>
            <Link
              className={styles.link}
              {...(overlayLink ? overlayLinkProps(overlayLink(post)) : { to: postLink(post, context), prefetch: 'intent' })}
            >
              {picture.jpg ? (
                <StillPicture
                  webp={picture.webp}
                  jpg={picture.jpg}
                  className={styles.poster}
                  eager={index < 8}
                  width={first?.width ?? 540}
                  height={first?.height ?? 960}
                />
              ) : (
                <span className={styles.poster} />
              )}
              <span className={styles.shade} />
              {images > 1 && <span className={styles.badge}>{t('counts.photos', { count: images })}</span>}
              <span className={styles.caption}>
                <span className={styles.title}>{postLabel(post)}</span>
                <span className={styles.meta}>
                  <span>@{post.user.username}</span>
                  <span>
                    <EyeIcon /> <span aria-hidden="true">{formatCount(post.viewCount, i18n.language, 'views')}</span>
                    <span className={shared.visuallyHidden}>
                      {t('counts.views', {
                        count: post.viewCount,
                        formatted: formatCount(post.viewCount, i18n.language, 'views'),
                      })}
                    </span>
                  </span>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
