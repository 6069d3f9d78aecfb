import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { SpriteIcon } from '../icons/sprite';
import { avatarUrl } from '../player/renditions';
import styles from './ActionRail.module.css';
import type { FeedPost } from './feed-data';

export interface ActionRailProps {
  readonly post: FeedPost;
  readonly onLike: () => void;
  readonly onFollow: () => void;
  readonly onShare: () => void;
  /** The viewer's own post: no follow button (one cannot follow oneself), the owner's menu instead. */
  readonly own: boolean;
  readonly onManage: () => void;
}

/**
 * The creator (with follow), like and share, beside the post; counts in the spec's short format. On the
 * viewer's own post, the "more" button opens the owner's sheet (edit, visibility, who liked, delete).
 */
export function ActionRail({ post, onLike, onFollow, onShare, own, onManage }: ActionRailProps) {
  const { t, i18n } = useTranslation();
  const { user } = post;
  const avatar = avatarUrl(user.avatar, 'medium');
  const name = user.displayName || user.username;
  return (
    <div className={styles.rail}>
      <div className={styles.creator}>
        <Link to={`/${user.username}`} className={styles.avatar} aria-label={t('feed.openProfile', { name })}>
          {avatar ? <img src={avatar} alt="" width={48} height={48} /> : <span aria-hidden="true">{name.slice(0, 1)}</span>}
        </Link>
        {!own && (
          <button
            type="button"
            className={styles.follow}
            data-following={user.iFollowUser || undefined}
            aria-pressed={user.iFollowUser}
            aria-label={user.iFollowUser ? t('feed.unfollow', { name }) : t('feed.follow', { name })}
            onClick={onFollow}
          >
            <SpriteIcon name={user.iFollowUser ? 'check' : 'plus'} size={14} />
          </button>
        )}
      </div>
      <button
        type="button"
        className={styles.action}
        data-liked={post.likeByUser || undefined}
        aria-pressed={post.likeByUser}
        aria-label={`${post.likeByUser ? t('feed.unlike') : t('feed.like')} ${formatCount(post.likesCount, i18n.language)}`}
        onClick={onLike}
      >
        <span className={styles.bubble}>
          <SpriteIcon name="heart" size={28} />
        </span>
        <span className={styles.count} data-testid="like-count">
          {formatCount(post.likesCount, i18n.language)}
        </span>
      </button>
      <button
        type="button"
        className={styles.action}
        aria-label={`${t('feed.share')} ${formatCount(post.shareCount, i18n.language)}`}
        aria-haspopup="dialog"
        onClick={onShare}
      >
        <span className={styles.bubble}>
          <SpriteIcon name="share" size={28} />
        </span>
        <span className={styles.count} data-testid="share-count">
          {formatCount(post.shareCount, i18n.language)}
        </span>
      </button>
      {own && (
        <button type="button" className={styles.action} aria-label={t('manage.manage')} aria-haspopup="dialog" onClick={onManage}>
          <span className={styles.bubble}>
            <SpriteIcon name="more" size={28} />
          </span>
        </button>
      )}
    </div>
  );
}
