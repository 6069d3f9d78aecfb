import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import styles from '../moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../moderation/AdminPanel';
import { useAdminAction } from '../moderation/useAdminAction';
import own from './Csam.module.css';
import type { EvidenceAnswer, EvidenceSummary } from './csam-types';
import { fileSize } from './file-size';

/**
 * What was preserved for a confirmed case: retention and legal hold, and, on request (access-logged), the
 * sealed record opened with its files to download (each download logged too).
 */
export function EvidencePanel({ evidence }: { evidence: EvidenceSummary }) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const { run, busy, status } = useAdminAction();
  const [record, setRecord] = useState<EvidenceAnswer>();
  const [openError, setOpenError] = useState<string>();
  const open = async () => {
    try {
      setRecord(await api<EvidenceAnswer>(`/api/admin/csam/evidence/${evidence.id}`));
      setOpenError(undefined);
    } catch (error) {
      setOpenError(t('moderation.action.failed', { code: error instanceof ApiError ? error.code : 'network' }));
    }
  };
  return (
    <AdminPanel id="csam-evidence" title={t('csam.evidence.title')}>
      <dl className={own.record}>
        <dt>{t('csam.evidence.preserved')}</dt>
        <dd>
          <time dateTime={evidence.preservedAt}>{date.format(new Date(evidence.preservedAt))}</time>
        </dd>
        <dt>{t('csam.evidence.retainUntil')}</dt>
        <dd>
          <time dateTime={evidence.retainUntil}>{date.format(new Date(evidence.retainUntil))}</time>
        </dd>
        <dt>{t('csam.evidence.hold')}</dt>
        <dd data-testid="legal-hold">
          {evidence.legalHold ? t('csam.evidence.held', { reason: evidence.legalHoldReason }) : t('csam.evidence.notHeld')}
        </dd>
      </dl>
      <form
        className={own.inlineForm}
        onSubmit={async (event) => {
          event.preventDefault();
          const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
          await run(`/api/admin/csam/evidence/${evidence.id}/legal-hold`, { hold: !evidence.legalHold, reason }, 'PUT');
        }}
      >
        {!evidence.legalHold && (
          <div className={styles.field}>
            <label htmlFor="csam-hold-reason">{t('csam.evidence.holdReason')}</label>
            <input id="csam-hold-reason" name="reason" required maxLength={2000} className={styles.input} />
          </div>
        )}
        <button type="submit" className={styles.button} disabled={busy}>
          {evidence.legalHold ? t('csam.evidence.liftHold') : t('csam.evidence.setHold')}
        </button>
      </form>
      <ActionStatusLine status={status} />
      {record ? (
        <section aria-labelledby="csam-record-title">
          <h3 id="csam-record-title" className={styles.panelTitle}>
            {t('csam.evidence.opened')}
          </h3>
          <ul className={own.list} data-testid="evidence-files">
            {record.files.map((file) => (
              <li key={file.position}>
                <a href={`/api/admin/csam/evidence/${evidence.id}/files/${file.position}`} download>
                  {t('csam.evidence.download', { name: file.fileName, size: fileSize(file.bytes, locale) })}
                </a>
                <div className={own.hash}>SHA-256 {file.sha256}</div>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className={styles.toolbar}>
          <button type="button" className={styles.button} onClick={open}>
            {t('csam.evidence.open')}
          </button>
          {openError && <p role="alert">{openError}</p>}
        </div>
      )}
    </AdminPanel>
  );
}
