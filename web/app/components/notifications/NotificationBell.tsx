import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { BellIcon } from './icons';
import styles from './NotificationBell.module.css';
import { badgeText } from './notifications-model';
import { unreadTotal, useNotificationsState } from './notifications-store';

/** The top bar's bell: opens /notifications, with the unread count ('9+' above nine, spec §4). */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = unreadTotal(useNotificationsState().unread);
  const badge = badgeText(count);
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
    >
      <BellIcon />
      {badge && (
        <span className={styles.badge} data-testid="notification-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  );
}
