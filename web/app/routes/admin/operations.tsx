import { useRouteLoaderData } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../../components/moderation/AdminPanel';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { OperationsAnswer, StaffMeAnswer } from '../../components/moderation/admin-types';
import { MonthlyReport } from '../../components/moderation/MonthlyReport';
import { useAdminAction } from '../../components/moderation/useAdminAction';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/operations';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.operations.title');

export async function loader({ context }: Route.LoaderArgs) {
  const answer = await adminData<OperationsAnswer>(context.get(serverContext).api, '/api/admin/operations');
  return { ...answer, now: new Date().toISOString() };
}

const queueFigures = ['open', 'assigned', 'escalated', 'appeals', 'overdue'] as const;

/** Queue depths, overdue cases, failed jobs (retry), storage, recent errors, version and the monthly report. */
export default function AdminOperations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const staff = useRouteLoaderData('admin') as StaffMeAnswer | undefined;
  const isAdmin = staff?.roles.includes('admin') ?? false;
  const { run, busy, status } = useAdminAction();
  const { queues, overdueByCategory, failedJobs, storage, recentErrors, version, now } = loaderData;
  const number = new Intl.NumberFormat(i18n.language);
  const bytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('moderation.operations.title')}</h1>
        <p className={styles.lead}>{t('moderation.operations.version', { version })}</p>
      </div>
      <AdminPanel id="queues-title" title={t('moderation.operations.queues')}>
        <dl className={styles.figures}>
          {queueFigures.map((name) => (
            <div key={name} className={styles.figure} data-alert={name === 'overdue' && queues.overdue > 0}>
              <dt>{t(`moderation.operations.depth.${name}`)}</dt>
              <dd data-testid={`depth-${name}`}>{number.format(queues[name])}</dd>
            </div>
          ))}
        </dl>
        {Object.keys(overdueByCategory).length > 0 && (
          <p>
            {t('moderation.operations.overdueByCategory')}{' '}
            {Object.entries(overdueByCategory)
              .map(([category, count]) => `${t(`moderation.category.${category as 'other'}`)}: ${number.format(count)}`)
              .join(' · ')}
          </p>
        )}
      </AdminPanel>
      <AdminPanel id="jobs-title" title={t('moderation.operations.failedJobs')}>
        {failedJobs.length === 0 ? (
          <p className={styles.hint}>{t('moderation.operations.noFailedJobs')}</p>
        ) : (
          <AdminTable
            columns={[
              t('moderation.operations.task'),
              t('moderation.operations.attempts'),
              t('moderation.operations.lastError'),
              isAdmin && t('moderation.operations.retry'),
            ]}
          >
            {failedJobs.map((job) => (
              <tr key={job.id}>
                <td>
                  {job.task}
                  <br />
                  <time dateTime={job.updatedAt}>{time.format(new Date(job.updatedAt))}</time>
                </td>
                <td>{number.format(job.attempts)}</td>
                <td>{job.lastError}</td>
                {isAdmin && (
                  <td>
                    <button
                      type="button"
                      className={styles.button}
                      disabled={busy}
                      aria-label={t('moderation.operations.retryJob', { task: job.task })}
                      onClick={() => run(`/api/admin/operations/jobs/${job.id}/retry`, {})}
                    >
                      {t('moderation.operations.retry')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </AdminTable>
        )}
        <ActionStatusLine status={status} />
      </AdminPanel>
      <AdminPanel id="storage-title" title={t('moderation.operations.storage')}>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('moderation.operations.database')}</dt>
            <dd>{bytes.format(storage.databaseBytes / 1e6)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('moderation.operations.media')}</dt>
            <dd>{bytes.format(storage.mediaBytes / 1e6)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('moderation.operations.mediaFiles')}</dt>
            <dd>{number.format(storage.mediaFiles)}</dd>
          </div>
        </dl>
      </AdminPanel>
      <AdminPanel id="errors-title" title={t('moderation.operations.recentErrors')}>
        {recentErrors.length === 0 ? (
          <p className={styles.hint}>{t('moderation.operations.noErrors')}</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <tbody>
                {recentErrors.map((error) => (
                  <tr key={`${error.requestId}-${error.at}`}>
                    <td>
                      <time dateTime={error.at}>{time.format(new Date(error.at))}</time>
                    </td>
                    <td>{error.route}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminPanel>
      <MonthlyReport now={now} />
    </>
  );
}
