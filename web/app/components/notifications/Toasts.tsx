import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import { NotificationItem } from './NotificationItem';
import type { NotificationView } from './notification-types';
import { notificationsStore, useNotificationsState } from './notifications-store';
import styles from './Toasts.module.css';
import { TOAST_SHOW_MS } from './toast-queue';

function Toast({ item }: { item: NotificationView }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => notificationsStore.dismissToast(item.id), TOAST_SHOW_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  return (
    <li className={styles.toast} data-testid="notification-toast">
      <NotificationItem item={item} isNew={false} onOpen={() => notificationsStore.dismissToast(item.id)} />
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('notifications.dismiss')}
        onClick={() => notificationsStore.dismissToast(item.id)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/** Live notifications as toasts at the top of the screen (spec §4, §9: 6 s each, at most 3). */
export function Toasts() {
  const { t } = useTranslation();
  const { toasts } = useNotificationsState();
  return (
    <section className={styles.region} aria-label={t('notifications.toastRegion')} aria-live="polite">
      <ol className={styles.list}>
        {toasts.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
