import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './StatusToasts.module.css';

/** Spec §3 status message: id, message, type, timeout. */
export interface StatusMessage {
  readonly id: number;
  readonly message: string;
  readonly type: 'success' | 'info' | 'warning' | 'error';
  readonly timeout: number;
}

/** The visible stack of status messages; a polite live region so screen readers hear each one once. */
export function StatusToasts({ messages, onDismiss }: { messages: readonly StatusMessage[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {messages.map((status) => (
        <div key={status.id} className={styles.toast} data-type={status.type}>
          <span className={styles.mark} aria-hidden="true" />
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
