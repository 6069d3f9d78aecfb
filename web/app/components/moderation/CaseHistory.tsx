import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import { AdminPanel } from './AdminPanel';
import type { CaseDetailAnswer } from './admin-types';
import view from './Case.module.css';
import { caseSubjectLabel } from './case-labels';

const formatDate = (language: string, value: string) =>
  new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

/** What the subject did before: earlier cases about the same post or account, and the account's strikes. */
export function CaseHistory({ history }: { history: CaseDetailAnswer['history'] }) {
  const { t, i18n } = useTranslation();
  return (
    <AdminPanel id="case-history" title={t('moderation.case.history')}>
      <p>{t('moderation.case.strikes', { count: history.strikes })}</p>
      {history.earlierCases.length === 0 ? (
        <p className={styles.hint}>{t('moderation.case.noEarlierCases')}</p>
      ) : (
        <ul className={view.timeline}>
          {history.earlierCases.map((earlier) => (
            <li key={earlier.id} className={view.entry}>
              <Link to={`/admin/case/${earlier.id}`}>
                #{earlier.id} · {caseSubjectLabel(earlier, t)}
              </Link>
              <span className={view.entryHead}>
                <span>{t(`moderation.category.${earlier.category}`)}</span>
                <span>{t(`moderation.status.${earlier.status}`)}</span>
                <time dateTime={earlier.createdAt}>{formatDate(i18n.language, earlier.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}

/** Every report that made or joined the case, with a complaint's legal elements as sent. */
export function CaseReports({ reports }: { reports: CaseDetailAnswer['reports'] }) {
  const { t, i18n } = useTranslation();
  return (
    <AdminPanel id="case-reports" title={t('moderation.case.reports')}>
      <ul className={view.timeline}>
        {reports.map((report) => (
          <li key={report.id} className={view.entry}>
            <span className={view.entryHead}>
              <span>
                {report.reporter.user
                  ? `@${report.reporter.user.username}`
                  : (report.reporter.email ?? t('moderation.case.anonymous'))}
              </span>
              <time dateTime={report.createdAt}>{formatDate(i18n.language, report.createdAt)}</time>
            </span>
            {report.text && <p className={view.entryText}>{report.text}</p>}
            {Object.keys(report.details).length > 0 && (
              <dl className={view.facts}>
                {Object.entries(report.details).map(([key, value]) => (
                  <div key={key} className={view.pair}>
                    <dt>{key}</dt>
                    <dd>{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

/** The case's event log: who did what and when, the public reason and the private note apart. */
export function CaseEventLog({ events }: { events: CaseDetailAnswer['events'] }) {
  const { t, i18n } = useTranslation();
  return (
    <AdminPanel id="case-events" title={t('moderation.case.events')}>
      <ol className={view.timeline} data-testid="case-events">
        {events.map((event) => (
          <li key={event.id} className={view.entry}>
            <span className={view.entryHead}>
              <strong>{event.action}</strong>
              <span>{event.actor ? `@${event.actor.username}` : t('moderation.case.system')}</span>
              <time dateTime={event.createdAt}>{formatDate(i18n.language, event.createdAt)}</time>
            </span>
            {event.publicReason && <p className={view.entryText}>{event.publicReason}</p>}
            {event.privateNote && (
              <p className={view.private}>
                {t('moderation.case.privateNote')}: {event.privateNote}
              </p>
            )}
          </li>
        ))}
      </ol>
    </AdminPanel>
  );
}
