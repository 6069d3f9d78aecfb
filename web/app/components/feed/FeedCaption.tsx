import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { orientationOf, variantPath } from '../../lib/orientation';
import { NoteIcon } from '../sounds/NoteIcon';
import { soundPath } from '../sounds/sound-links';
import styles from './FeedCaption.module.css';
import type { FeedPost } from './feed-data';

/** Who posted it, the title and the tags, over the bottom of the picture. */
export function FeedCaption({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const variant = orientationOf(useLocation().pathname);
  const tagBase = variantPath('tag', variant);
  const { user } = post;
  return (
    <div className={styles.caption}>
      <Link to={`/${user.username}`} className={styles.creator}>
        <span className={styles.name}>{user.displayName || user.username}</span>
        <bdi className={styles.username}>@{user.username}</bdi>
      </Link>
      {post.title && <p className={styles.title}>{post.title}</p>}
      {post.tags.length > 0 && (
        <ul className={styles.tags} aria-label={t('feed.tags')}>
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <Link to={`${tagBase}/${encodeURIComponent(tag.tag)}`} className={styles.tag}>
                <bdi>#{tag.tag}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {post.sound && (
        <Link to={soundPath(post.sound)} className={styles.sound} aria-label={t('sounds.soundOf', { name: post.sound.name })}>
          <NoteIcon />
          <bdi className={styles.soundName}>{post.sound.name}</bdi>
        </Link>
      )}
    </div>
  );
}
