import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from '../moderation/Admin.module.css';
import { ActionStatusLine } from '../moderation/AdminPanel';
import { useAdminAction } from '../moderation/useAdminAction';

/** Approve, or reject with a reason the creator reads. */
export function IdentityDecision({ submissionId }: { submissionId: number }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const decide = (choice: 'approve' | 'reject') =>
    run(`/api/admin/identity/${submissionId}/${choice}`, choice === 'reject' ? { reason } : {});
  return (
    <section className={styles.panel} aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`} className={styles.panelTitle}>
        {t('identity.admin.decision')}
      </h2>
      <div className={styles.field}>
        <label htmlFor={reasonId}>{t('identity.admin.reason')}</label>
        <input
          id={reasonId}
          className={styles.input}
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.button}
          data-tone="primary"
          disabled={busy}
          onClick={() => void decide('approve')}
        >
          {t('identity.admin.approve')}
        </button>
        <button
          type="button"
          className={styles.button}
          data-tone="danger"
          disabled={busy || reason.trim().length < 3}
          onClick={() => void decide('reject')}
        >
          {t('identity.admin.reject')}
        </button>
      </div>
      <ActionStatusLine status={status} />
    </section>
  );
}
