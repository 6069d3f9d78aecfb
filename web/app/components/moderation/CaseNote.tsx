import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';
import { ActionStatusLine, AdminPanel } from './AdminPanel';
import { useAdminAction } from './useAdminAction';

/** A note only staff read, added to the case's event log without any other step. */
export function CaseNote({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  return (
    <AdminPanel id="case-note" title={t('console.note.title')}>
      <form
        className={styles.field}
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const note = String(new FormData(form).get('note') ?? '').trim();
          if (note && (await run(`/api/admin/cases/${caseId}/note`, { note }))) form.reset();
        }}
      >
        <label htmlFor="case-note-text">{t('console.note.label')}</label>
        <textarea id="case-note-text" name="note" required maxLength={5000} className={styles.input} />
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} disabled={busy}>
            {t('console.note.save')}
          </button>
        </div>
        <ActionStatusLine status={status} />
      </form>
    </AdminPanel>
  );
}
