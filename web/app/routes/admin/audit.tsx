import { Link } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { AuditAnswer } from '../../components/moderation/admin-types';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/audit';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.audit.title');

/** The filters the page passes on to GET /api/admin/audit (and to its CSV export). */
const filters = ['action', 'subjectType', 'subjectId', 'from', 'to', 'cursor'] as const;

function auditQuery(url: URL): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of filters) {
    const value = url.searchParams.get(name)?.trim();
    if (!value) continue;
    // The date fields give a day; the API wants a timestamp (the end of the day for `to`).
    if (name === 'from' || name === 'to') query.set(name, `${value}T${name === 'from' ? '00:00:00' : '23:59:59'}Z`);
    else query.set(name, value);
  }
  return query;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = auditQuery(url);
  const answer = await adminData<AuditAnswer>(context.get(serverContext).api, `/api/admin/audit?${query}`);
  query.delete('cursor');
  const search = new URLSearchParams(url.searchParams);
  search.delete('cursor');
  return { ...answer, exportQuery: query.toString(), search: search.toString(), values: Object.fromEntries(url.searchParams) };
}

/** The append-only audit log: newest first, filtered, exported as CSV (admins). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { entries, nextCursor, exportQuery, search, values } = loaderData;
  const format = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  const input = (name: 'action' | 'subjectType' | 'subjectId' | 'from' | 'to', type = 'text') => (
    <div className={styles.field}>
      <label htmlFor={`audit-${name}`}>{t(`moderation.audit.${name}`)}</label>
      <input id={`audit-${name}`} name={name} type={type} defaultValue={values[name] ?? ''} className={styles.input} />
    </div>
  );
  return (
    <section className={styles.panel} aria-labelledby="audit-title">
      <div className={styles.header}>
        <h1 id="audit-title" className={styles.title}>
          {t('moderation.audit.title')}
        </h1>
        <a href={`/api/admin/audit/export?${exportQuery}`} className={styles.button} download>
          {t('moderation.audit.export')}
        </a>
      </div>
      <form method="get" className={styles.filterGrid}>
        {input('action')}
        {input('subjectType')}
        {input('subjectId')}
        {input('from', 'date')}
        {input('to', 'date')}
        <button type="submit" className={styles.button} data-tone="primary">
          {t('moderation.audit.search')}
        </button>
      </form>
      {entries.length === 0 ? (
        <p className={styles.empty}>{t('moderation.audit.empty')}</p>
      ) : (
        <AdminTable
          columns={[
            t('moderation.audit.when'),
            t('moderation.audit.who'),
            t('moderation.audit.action'),
            t('moderation.audit.subject'),
            t('moderation.audit.case'),
          ]}
          testId="audit-table"
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.createdAt}>{format.format(new Date(entry.createdAt))}</time>
              </td>
              <td>{entry.actor ? `@${entry.actor.username}` : t('moderation.case.system')}</td>
              <td>{entry.action}</td>
              <td>{entry.subjectType && `${entry.subjectType} ${entry.subjectId}`}</td>
              <td>{entry.caseId && <Link to={`/admin/case/${entry.caseId}`}>#{entry.caseId}</Link>}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {nextCursor && (
        <Link to={`/admin/audit?${search ? `${search}&` : ''}cursor=${encodeURIComponent(nextCursor)}`} className={styles.button}>
          {t('moderation.queue.more')}
        </Link>
      )}
    </section>
  );
}
