import { Link } from 'react-router';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { ReportButton } from '../discovery/ReportButton';
import { Avatar } from '../profile/Avatar';
import { FollowButton } from '../profile/FollowButton';
import styles from './PostDetail.module.css';
import { downloadLink, type PostCard, profileVideoLink } from './post-links';

interface PostDetailProps {
  readonly post: PostCard;
  readonly locale: string;
  readonly isOwner: boolean;
  /** Logged in: the likes count opens who liked (posts/README.md "Who liked"). */
  readonly signedIn: boolean;
  readonly onManage: () => void;
  readonly onShowLikers: () => void;
  readonly onError: (text: string) => void;
}

/**
 * What a post is, beside its player on the post page (/{profile}/post/{id}): the creator (with follow,
 * unless it is the viewer), title, tags, counts, and the owner's or a viewer's actions (a download when the
 * creator allows it).
 */
export function PostDetail({ post, locale, isOwner, signedIn, onManage, onShowLikers, onError }: PostDetailProps) {
  const { t } = useTranslation();
  const author = post.user.displayName || post.user.username;
  const title = post.title || t('profile.untitled');
  const download = downloadLink(post);
  const likes = (
    <>
      <strong>{formatCount(post.likesCount, locale)}</strong> {t('profile.likes')}
    </>
  );

  return (
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
      {isOwner && post.status === PostStatus.private && <p className={styles.state}>{t('profile.private')}</p>}
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
        {signedIn ? (
          <button type="button" className={styles.likes} onClick={onShowLikers} aria-haspopup="dialog">
            {likes}
          </button>
        ) : (
          <span>{likes}</span>
        )}
        <span>
          <strong>{formatCount(post.viewCount, locale, 'views')}</strong> {t('profile.views')}
        </span>
      </p>
      <div className={styles.actions}>
        {isOwner ? (
          <button type="button" className={styles.watch} onClick={onManage} aria-haspopup="dialog">
            {t('manage.manage')}
          </button>
        ) : (
          <Link to={profileVideoLink(post, post.user.username)} className={styles.watch}>
            {t('profile.watchInFeed')}
          </Link>
        )}
        {isOwner ? (
          <Link to={profileVideoLink(post, post.user.username)} className={styles.report}>
            {t('profile.watchInFeed')}
          </Link>
        ) : (
          <ReportButton target={{ postId: post.id }} className={styles.report} />
        )}
        {download && (
          <a href={download} download className={styles.report} aria-label={t('studio.downloadTitled', { title })}>
            {t('studio.download')}
          </a>
        )}
      </div>
    </div>
  );
}
