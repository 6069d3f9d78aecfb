import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from '../moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../moderation/AdminPanel';
import { useAdminAction } from '../moderation/useAdminAction';

const NOTE_MIN = 10;

/** The decision: confirmed CSAM, with the reviewer's reasons (required, kept sealed and sent in the report). */
export function ConfirmCsam({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [note, setNote] = useState('');
  return (
    <AdminPanel id="csam-confirm" title={t('csam.confirm.title')}>
      <form
        className={styles.field}
        onSubmit={async (event) => {
          event.preventDefault();
          await run(`/api/admin/csam/cases/${caseId}/confirm`, { note: note.trim() });
        }}
      >
        <p className={styles.hint}>{t('csam.confirm.lead')}</p>
        <label htmlFor="csam-confirm-note">{t('csam.confirm.note')}</label>
        <textarea
          id="csam-confirm-note"
          required
          minLength={NOTE_MIN}
          maxLength={4000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          className={styles.input}
        />
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} data-tone="danger" disabled={busy || note.trim().length < NOTE_MIN}>
            {t('csam.confirm.submit')}
          </button>
        </div>
        <ActionStatusLine status={status} />
      </form>
    </AdminPanel>
  );
}
