import { useTranslation } from '../../i18n/react';
import styles from './forms.module.css';
import type { ProofState } from './useProofOfWork';

/**
 * The bot check runs unseen: it needs nothing from the person unless it failed, so only then does it
 * show (and take room). While it works, screen readers hear so; "passed" is no news worth showing.
 */
export function ProofNote({ state, onRetry }: { state: ProofState; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'failed') {
    return (
      <p className={styles.error}>
        {t('account.proof.failed')}{' '}
        <button type="button" className={styles.quiet} onClick={onRetry}>
          {t('account.proof.retry')}
        </button>
      </p>
    );
  }
  return (
    <p className={styles.visuallyHidden} aria-live="polite">
      {state === 'ready' ? '' : t('account.proof.working')}
    </p>
  );
}
