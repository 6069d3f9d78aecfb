import { Link } from 'react-router';
import { serverContext } from '#server-context';
import type { HashBanksAnswer } from '../../../../server/src/compliance/hash-banks/hash-banks-schema.ts';
import own from '../../components/hash-banks/HashBanks.module.css';
import { HashListImport } from '../../components/hash-banks/HashListImport';
import styles from '../../components/moderation/Admin.module.css';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/hash-banks';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'hashbanks.title');

/** Admins only: the API refuses everyone else, and the console shows its 403 page. */
export async function loader({ context }: Route.LoaderArgs) {
  return adminData<HashBanksAnswer>(context.get(serverContext).api, '/api/admin/hash-banks');
}

/** The hash banks (compliance/hash-banks): banks and their sizes, the import form, recent matches and their cases. */
export default function AdminHashBanks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const number = new Intl.NumberFormat(locale);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const { banks, matches, matchDistance } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('hashbanks.title')}</h1>
        <p className={styles.lead}>{t('hashbanks.lead', { distance: matchDistance })}</p>
      </div>
      <section className={styles.panel} aria-labelledby="banks-title">
        <h2 id="banks-title" className={styles.panelTitle}>
          {t('hashbanks.banks.title')}
        </h2>
        <AdminTable
          columns={[
            { label: t('hashbanks.banks.name'), className: own.nowrap },
            { label: t('hashbanks.banks.source'), className: own.nowrap },
            { label: t('hashbanks.banks.category'), className: own.nowrap },
            { label: t('hashbanks.banks.entries'), className: `${own.number} ${own.nowrap}` },
          ]}
          className={own.whole}
        >
          {banks.map((bank) => (
            <tr key={bank.id}>
              <td dir="auto">{bank.name}</td>
              <td>{t(`hashbanks.banks.${bank.source}`)}</td>
              <td>{t(`moderation.category.${bank.category}`)}</td>
              <td className={`${own.number} ${own.nowrap}`}>{number.format(bank.entries)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
      <HashListImport bankNames={banks.filter((bank) => bank.source === 'imported').map((bank) => bank.name)} />
      <section className={styles.panel} aria-labelledby="matches-title">
        <h2 id="matches-title" className={styles.panelTitle}>
          {t('hashbanks.matches.title')}
        </h2>
        {matches.length === 0 ? (
          <p className={styles.hint}>{t('hashbanks.matches.empty')}</p>
        ) : (
          <AdminTable
            columns={[
              { label: t('hashbanks.matches.time'), className: own.nowrap },
              { label: t('hashbanks.matches.post'), className: own.nowrap },
              { label: t('hashbanks.matches.bank'), className: own.nowrap },
              { label: t('hashbanks.matches.distance'), className: `${own.number} ${own.nowrap}` },
              { label: t('hashbanks.matches.case'), className: own.nowrap },
            ]}
            className={own.whole}
          >
            {matches.map((match) => (
              <tr key={match.id}>
                <td className={own.nowrap}>
                  <time dateTime={match.createdAt}>{time.format(new Date(match.createdAt))}</time>
                </td>
                <td className={own.nowrap}>{t('hashbanks.matches.postNumber', { id: match.postId })}</td>
                <td dir="auto">{match.bankName}</td>
                <td className={`${own.number} ${own.nowrap}`}>{number.format(match.distance)}</td>
                <td className={own.nowrap}>
                  {match.caseId === null ? (
                    t('hashbanks.matches.noCase')
                  ) : (
                    <Link to={`/admin/case/${match.caseId}`}>{t('hashbanks.matches.openCase', { id: match.caseId })}</Link>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  );
}
