import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import { Dialog } from '../dialogs/Dialog';
import styles from './Admin.module.css';
import { ActionStatusLine, AdminPanel } from './AdminPanel';
import type { CaseDetailAnswer } from './admin-types';
import { useAdminAction } from './useAdminAction';

/** The counter-notice a `counter_notice` case was opened for: its id and restore date, from the case's report. */
export function pendingCounterNotice(detail: CaseDetailAnswer): { id: number; restoreAt: string } | undefined {
  if (detail.case.kind !== 'counter_notice') return undefined;
  if (detail.case.status === 'actioned' || detail.case.status === 'dismissed') return undefined;
  for (const report of detail.reports) {
    const { counterNoticeId, restoreAt } = report.details;
    if (typeof counterNoticeId === 'number' && typeof restoreAt === 'string') return { id: counterNoticeId, restoreAt };
  }
  return undefined;
}

/**
 * A pending DMCA counter-notice: the post comes back on its restore date unless the complainant reports
 * a lawsuit, which a moderator records here (after confirming: the automatic restore is then cancelled).
 */
export function CounterNoticeLawsuit({ notice }: { notice: { id: number; restoreAt: string } }) {
  const { t, i18n } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long' }).format(new Date(notice.restoreAt));
  return (
    <AdminPanel id="counter-notice" title={t('console.counterNotice.title')}>
      <p>
        <time dateTime={notice.restoreAt}>{t('console.counterNotice.restoreAt', { date })}</time>
      </p>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.button}
          data-tone="danger"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('console.counterNotice.lawsuit')}
        </button>
      </div>
      <ActionStatusLine status={status} />
      <Dialog
        open={confirming}
        size="small"
        onClose={() => setConfirming(false)}
        title={t('console.counterNotice.lawsuit')}
        description={t('console.counterNotice.confirm')}
      >
        <div className={styles.toolbar}>
          <button type="button" className={styles.button} onClick={() => setConfirming(false)}>
            {t('console.counterNotice.cancel')}
          </button>
          <button
            type="button"
            className={styles.button}
            data-tone="danger"
            disabled={busy}
            onClick={async () => {
              await run(`/api/admin/enforcement/counter-notices/${notice.id}/lawsuit`, {});
              setConfirming(false);
            }}
          >
            {t('console.counterNotice.lawsuit')}
          </button>
        </div>
      </Dialog>
    </AdminPanel>
  );
}
