import { useTranslation } from '../../i18n/react';
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
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
