import { useTranslation } from '../../i18n/react';
import styles from './forms.module.css';
import type { ProofState } from './useProofOfWork';

/** Says what the bot check is doing; it needs nothing from the person unless it failed. */
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
    <p className={styles.hint} aria-live="polite">
      {state === 'ready' ? t('account.proof.ready') : t('account.proof.working')}
    </p>
  );
}
