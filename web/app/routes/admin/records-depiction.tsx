import { data, Link } from 'react-router';
import { serverContext } from '#server-context';
import type { DepictionRecordAnswer } from '../../../../server/src/compliance/records/records-schema.ts';
import styles from '../../components/moderation/Admin.module.css';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { PerformerRecordCard } from '../../components/records/PerformerRecordCard';
import own from '../../components/records/Records.module.css';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/records-depiction';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'records.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw data({ error: 'not_found' }, { status: 404 });
  return adminData<DepictionRecordAnswer>(context.get(serverContext).api, `/api/admin/records/post/${params.id}`);
}

const PUBLISHED = 6;

/** One depiction's 2257 record: production date, every address, and each performer's record. */
export default function AdminRecordsDepiction({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { depiction } = loaderData;
  const locale = numberLocale(i18n.language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const shown = depiction.removed
    ? t('records.depiction.removed')
    : t(depiction.status === PUBLISHED ? 'records.depiction.shown' : 'records.depiction.hidden');
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('records.depiction.title', { id: depiction.postId })}</h1>
        <Link to="/admin/records">{t('records.depiction.back')}</Link>
      </div>
      <section className={styles.panel} aria-labelledby="records-depiction">
        <h2 id="records-depiction" className={styles.panelTitle} dir="auto">
          {depiction.title}
        </h2>
        <dl className={own.facts}>
          <dt>{t('records.depiction.owner')}</dt>
          <dd dir="auto">@{depiction.owner}</dd>
          <dt>{t('records.depiction.producedOn')}</dt>
          <dd>
            {depiction.producedOn
              ? day.format(new Date(`${depiction.producedOn}T00:00:00Z`))
              : t('records.depiction.notDeclared')}
          </dd>
          <dt>{t('records.depiction.published')}</dt>
          <dd>
            {depiction.publishedAt ? (
              <time dateTime={depiction.publishedAt}>{time.format(new Date(depiction.publishedAt))}</time>
            ) : (
              '–'
            )}{' '}
            · {shown}
          </dd>
          <dt>{t('records.depiction.urls')}</dt>
          <dd>
            <ul className={own.urls}>
              {depiction.urls.map((url) => (
                <li key={url} dir="ltr">
                  {url}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="records-performers">
        <h2 id="records-performers" className={styles.panelTitle}>
          {t('records.depiction.performers')}
        </h2>
        {depiction.performers.length === 0 ? (
          <p className={styles.hint}>{t('records.depiction.noPerformers')}</p>
        ) : (
          <div className={own.performers}>
            {depiction.performers.map((performer) => (
              <PerformerRecordCard key={performer.performerId} performer={performer} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
