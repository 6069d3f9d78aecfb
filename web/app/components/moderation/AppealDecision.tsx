import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';
import { ActionStatusLine, AdminPanel } from './AdminPanel';
import type { AppealsAnswer } from './admin-types';
import view from './Case.module.css';
import { useAdminAction } from './useAdminAction';

type Appeal = AppealsAnswer['appeals'][number];

/**
 * An appeal case's decision: what the user wrote, then uphold or reverse with a reason they are sent.
 * The server refuses the moderator who took the original decision.
 */
export function AppealDecision({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [reason, setReason] = useState('');
  const decide = (outcome: 'upheld' | 'reversed') =>
    run(`/api/admin/enforcement/appeals/${appeal.id}/decide`, { outcome, reason });
  return (
    <AdminPanel id="appeal-decision" title={t('moderation.case.appealDecision')}>
      <p className={view.entryText}>{appeal.statement}</p>
      {appeal.status === 'open' ? (
        <form
          className={styles.field}
          onSubmit={(event) => {
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            decide(submitter?.value === 'reversed' ? 'reversed' : 'upheld');
          }}
        >
          <label htmlFor="appeal-reason">{t('moderation.case.decisionReason')}</label>
          <textarea
            id="appeal-reason"
            required
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            className={styles.input}
          />
          <div className={styles.toolbar}>
            <button type="submit" value="reversed" className={styles.button} data-tone="primary" disabled={busy}>
              {t('moderation.case.reverse')}
            </button>
            <button type="submit" value="upheld" className={styles.button} disabled={busy}>
              {t('moderation.case.uphold')}
            </button>
          </div>
        </form>
      ) : (
        <p>{t(`moderation.appeal.status.${appeal.status}`)}</p>
      )}
      <ActionStatusLine status={status} />
    </AdminPanel>
  );
}
