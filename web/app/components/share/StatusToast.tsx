import styles from './ShareSheet.module.css';
import type { StatusMessage } from './useStatusMessage';

/** Shows a status message in a polite live region, so screen readers announce it too. */
export function StatusToast({ message }: { message: StatusMessage | undefined }) {
  return (
    <div className={styles.toastRegion} role="status" aria-live="polite">
      {message && (
        <p key={message.id} className={styles.toast} data-type={message.type}>
          {message.text}
        </p>
      )}
    </div>
  );
}
