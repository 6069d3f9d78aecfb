import { Link } from 'react-router';
import { serverContext } from '#server-context';
import type { IdentityQueueAnswer } from '../../../../server/src/compliance/verification/verification-schema.ts';
import own from '../../components/identity/IdentityReview.module.css';
import styles from '../../components/moderation/Admin.module.css';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/identity';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'identity.admin.title');

export async function loader({ context }: Route.LoaderArgs) {
  return adminData<IdentityQueueAnswer>(context.get(serverContext).api, '/api/admin/identity');
}

/** The verification queue: submissions waiting, oldest first, then refused ones flagged for a look. */
export default function AdminIdentityQueue({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const { submissions } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('identity.admin.title')}</h1>
        <p className={styles.lead}>{t('identity.admin.lead')}</p>
      </div>
      <section className={styles.panel} aria-label={t('identity.admin.title')}>
        {submissions.length === 0 ? (
          <p className={styles.empty}>{t('identity.admin.empty')}</p>
        ) : (
          <AdminTable
            columns={[
              t('identity.admin.account'),
              t('identity.admin.submitted'),
              t('identity.admin.stateLabel'),
              t('identity.admin.review'),
            ]}
          >
            {submissions.map((item) => (
              <tr key={item.id}>
                {/* A username reads in its own direction; a guest release is a sentence in the page's language. */}
                <td dir={item.guestRelease ? undefined : 'auto'}>
                  {item.guestRelease
                    ? t('identity.admin.guestRow', {
                        name: item.username,
                        postId: item.guestRelease.postId,
                        creator: item.guestRelease.creatorUsername,
                      })
                    : `@${item.username}`}
                </td>
                <td>
                  <time dateTime={item.createdAt}>{time.format(new Date(item.createdAt))}</time>
                </td>
                <td>
                  {t(`identity.admin.states.${item.state}`)}
                  {item.flag && <span className={own.flag}> · {t('identity.admin.bannedIdentity')}</span>}
                </td>
                <td>
                  <Link to={`/admin/identity/${item.id}`}>{t('identity.admin.open', { id: item.id })}</Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  );
}
