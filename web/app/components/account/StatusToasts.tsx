import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import { BellIcon } from '../notifications/icons';
import styles from './StatusToasts.module.css';

/** Spec §3 status message: id, message, type, timeout, notification, noStatusSound. */
export interface StatusMessage extends StatusExtras {
  readonly id: number;
  readonly message: string;
  readonly type: 'success' | 'info' | 'warning' | 'error';
  readonly timeout: number;
}

export interface StatusExtras {
  /** The message reports something that happened elsewhere (a live event): shown with the bell, heard like a notification. */
  readonly notification?: boolean;
  /** A notification message that stays silent (the member turned notification sounds off). */
  readonly noStatusSound?: boolean;
}

/** The visible stack of status messages; a polite live region so screen readers hear each one once. */
export function StatusToasts({ messages, onDismiss }: { messages: readonly StatusMessage[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {messages.map((status) => (
        <div
          key={status.id}
          className={styles.toast}
          data-type={status.type}
          data-notification={status.notification || undefined}
        >
          {status.notification ? (
            <span className={styles.bell} aria-hidden="true">
              <BellIcon />
            </span>
          ) : (
            <span className={styles.mark} aria-hidden="true" />
          )}
          <span className={styles.text}>{status.message}</span>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => onDismiss(status.id)}
            aria-label={t('account.status.dismiss')}
          >
            <CloseIcon size={16} strokeWidth={2.2} />
          </button>
        </div>
      ))}
    </div>
  );
}
