import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from '../moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../moderation/AdminPanel';
import { AdminTable } from '../moderation/AdminTable';
import { useAdminAction } from '../moderation/useAdminAction';
import own from './Csam.module.css';
import type { ReportView } from './csam-types';
import { hoursBetween, LATE_AFTER_HOURS, waitingTime } from './waiting-time';

/**
 * The CyberTipline reports, pending ones first with how long they have waited (18 U.S.C. 2258A: "as soon
 * as reasonably possible"); an admin who entered one at NCMEC records NCMEC's report id here.
 */
export function CyberTiplineReports({ reports, now }: { reports: readonly ReportView[]; now: string }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  return (
    <AdminPanel id="csam-reports" title={t('csam.reports.title')}>
      <p className={styles.hint}>{t('csam.reports.lead')}</p>
      {reports.length === 0 ? (
        <p className={styles.hint}>{t('csam.reports.empty')}</p>
      ) : (
        <AdminTable
          columns={[
            { label: t('csam.reports.case'), className: own.nowrap },
            { label: t('csam.reports.age'), className: own.nowrap },
            { label: t('csam.reports.status'), className: own.nowrap },
            { label: t('csam.reports.reference'), className: own.nowrap },
          ]}
          testId="cybertipline-reports"
        >
          {reports.map((report) => {
            const late = report.status === 'pending' && hoursBetween(report.createdAt, now) >= LATE_AFTER_HOURS;
            return (
              <tr key={report.id}>
                <td className={own.nowrap}>
                  <Link to={`/admin/restricted/${report.caseId}`}>#{report.caseId}</Link>
                </td>
                <td>
                  <div className={`${own.nowrap} ${late ? own.late : ''}`}>
                    {waitingTime(report.createdAt, report.submittedAt ?? now, t)}
                  </div>
                  {late && <div className={`${own.nowrap} ${own.late}`}>{t('csam.reports.late')}</div>}
                </td>
                <td>
                  {report.status === 'submitted' ? (
                    t('csam.reports.submitted', { id: report.ncmecReportId ?? '' })
                  ) : (
                    <form
                      className={`${own.inlineForm} ${own.nowrap}`}
                      onSubmit={async (event) => {
                        event.preventDefault();
                        const ncmecReportId = String(new FormData(event.currentTarget).get('ncmecReportId') ?? '').trim();
                        await run(`/api/admin/csam/reports/${report.id}/submitted`, { ncmecReportId });
                      }}
                    >
                      <input
                        name="ncmecReportId"
                        required
                        inputMode="numeric"
                        pattern="[0-9]{1,20}"
                        aria-label={t('csam.reports.ncmecId', { id: report.caseId })}
                        className={`${styles.input} ${own.ncmecInput}`}
                      />
                      <button type="submit" className={styles.button} disabled={busy}>
                        {t('csam.reports.markSubmitted')}
                      </button>
                    </form>
                  )}
                </td>
                <td className={`${own.hash} ${own.nowrap}`}>{report.reference}</td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <ActionStatusLine status={status} />
    </AdminPanel>
  );
}
