import { Form, Link } from 'react-router';
import { serverContext } from '#server-context';
import {
  type RecordsExportsAnswer,
  type RecordsSearchAnswer,
  searchFields,
} from '../../../../server/src/compliance/records/records-schema.ts';
import styles from '../../components/moderation/Admin.module.css';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import own from '../../components/records/Records.module.css';
import { RecordsExportPanel } from '../../components/records/RecordsExportPanel';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/records';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'records.title');

type SearchField = (typeof searchFields)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get('by');
  const by: SearchField = searchFields.find((field) => field === asked) ?? 'legalName';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const [found, exports] = await Promise.all([
    q ? adminData<RecordsSearchAnswer>(api, `/api/admin/records?${new URLSearchParams({ by, q })}`) : null,
    adminData<RecordsExportsAnswer>(api, '/api/admin/records/exports'),
  ]);
  return { by, q, depictions: found?.depictions ?? null, exports: exports.exports };
}

/** The custodian's page: the cross-index by legal name, other name or post, and the export. */
export default function AdminRecords({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { by, q, depictions, exports } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('records.title')}</h1>
        <p className={styles.lead}>{t('records.lead')}</p>
      </div>
      <section className={styles.panel} aria-labelledby="records-search">
        <h2 id="records-search" className={styles.panelTitle}>
          {t('records.search.label')}
        </h2>
        <Form method="get" className={own.search}>
          <div className={styles.field}>
            <label htmlFor="records-by">{t('records.search.by')}</label>
            <select id="records-by" name="by" defaultValue={by} className={styles.select}>
              {searchFields.map((field) => (
                <option key={field} value={field}>
                  {t(`records.search.${field}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="records-q">{t('records.search.query')}</label>
            <input
              id="records-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={200}
              required
              className={styles.input}
              dir="auto"
            />
          </div>
          <button type="submit" className={styles.button} data-tone="primary">
            {t('records.search.submit')}
          </button>
        </Form>
        {depictions === null ? (
          <p className={styles.hint}>{t('records.search.hint')}</p>
        ) : depictions.length === 0 ? (
          <p className={styles.empty}>{t('records.search.empty')}</p>
        ) : (
          <ul className={own.results} aria-label={t('records.search.results')}>
            {depictions.map((depiction) => (
              <li key={depiction.postId} className={own.result}>
                <Link to={`/admin/records/${depiction.postId}`}>{t('records.depiction.open', { id: depiction.postId })}</Link>
                <span dir="auto">
                  {depiction.title} · @{depiction.owner}
                </span>
                <p className={own.names} dir="auto">
                  {depiction.performers
                    .map((performer) => [performer.legalName, ...performer.otherNames].filter(Boolean).join(' / '))
                    .join(' · ') || t('records.depiction.noPerformers')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecordsExportPanel initial={exports} />
    </>
  );
}
