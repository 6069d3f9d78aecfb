import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { KindGlyph } from './icons';
import styles from './NotificationItem.module.css';
import { avatarOf, notificationSentence, notificationTarget, timeAgo } from './notification-text';
import type { NotificationView } from './notification-types';

/** One notification: who, what, when, and the post it is about. Shared by the list and the toasts. */
export function NotificationItem({
  item,
  isNew,
  current = false,
  onOpen,
}: {
  item: NotificationView;
  isNew: boolean;
  current?: boolean;
  onOpen?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sentence = notificationSentence(t, item);
  const when = timeAgo(item.minOld, i18n.language) ?? t('notifications.justNow');
  const avatar = item.user ? avatarOf(item.user.avatar) : undefined;
  const poster = item.post?.media[0]?.poster;
  const initial = (item.user?.displayName || item.user?.username || '·').slice(0, 1).toUpperCase();
  return (
    <Link
      to={notificationTarget(item)}
      className={styles.item}
      data-new={isNew || undefined}
      data-current={current || undefined}
      aria-current={current ? 'true' : undefined}
      onClick={onOpen}
    >
      <span className={styles.avatar} data-kind={item.type}>
        {avatar ? <img src={avatar} alt="" width={44} height={44} loading="lazy" /> : <span aria-hidden="true">{initial}</span>}
        <span className={styles.kind}>
          <KindGlyph type={item.type} />
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.sentence}>
          {sentence.before}
          {sentence.name && <strong>{sentence.name}</strong>}
          {sentence.after}
        </span>
        <span className={styles.meta}>
          <time dateTime={item.createdDate}>{when}</time>
          {isNew && <span className={styles.srOnly}>{t('notifications.unread')}</span>}
        </span>
      </span>
      {isNew && <span className={styles.dot} aria-hidden="true" />}
      {item.post && (
        <span className={styles.thumb}>
          {poster ? (
            <img
              src={poster}
              alt={t('notifications.postThumbnail', { title: item.post.title || t('notifications.untitledPost') })}
              loading="lazy"
            />
          ) : null}
        </span>
      )}
    </Link>
  );
}
