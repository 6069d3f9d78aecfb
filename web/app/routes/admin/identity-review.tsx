import { data } from 'react-router';
import { serverContext } from '#server-context';
import type { IdentityReviewAnswer } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { IdentityDecision } from '../../components/identity/IdentityDecision';
import { IdentityDocuments } from '../../components/identity/IdentityDocuments';
import own from '../../components/identity/IdentityReview.module.css';
import styles from '../../components/moderation/Admin.module.css';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/identity-review';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'identity.admin.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw data({ error: 'not_found' }, { status: 404 });
  return adminData<IdentityReviewAnswer>(context.get(serverContext).api, `/api/admin/identity/${params.id}`);
}

/** One submission: the identity, the documents on request, the decision, and (admins) who looked. */
export default function AdminIdentityReview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const { submission, otherAccounts, views } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>
          {submission.guestRelease
            ? t('identity.admin.guestReviewTitle', { name: submission.username })
            : t('identity.admin.reviewTitle', { username: submission.username })}
        </h1>
        <p className={styles.lead}>
          {t(`identity.admin.states.${submission.state}`)} ·{' '}
          <time dateTime={submission.createdAt}>{time.format(new Date(submission.createdAt))}</time>
        </p>
      </div>
      <section className={styles.panel} aria-labelledby="identity-person">
        <h2 id="identity-person" className={styles.panelTitle}>
          {t('identity.admin.person')}
        </h2>
        {submission.flag && <p className={own.flag}>{t('identity.admin.bannedIdentity')}</p>}
        <dl className={own.facts}>
          {submission.guestRelease && (
            <>
              <dt>{t('identity.admin.guestRelease')}</dt>
              <dd dir="auto">
                {t('identity.admin.guestReleaseOf', {
                  postId: submission.guestRelease.postId,
                  creator: submission.guestRelease.creatorUsername,
                })}
              </dd>
            </>
          )}
          <dt>{t('identity.admin.legalName')}</dt>
          <dd dir="auto">{submission.legalName}</dd>
          <dt>{t('identity.admin.dateOfBirth')}</dt>
          <dd>
            {day.format(new Date(`${submission.dateOfBirth}T00:00:00Z`))} · {t('identity.admin.age', { age: submission.age })}
          </dd>
          <dt>{t('identity.admin.aliases')}</dt>
          <dd dir="auto">{submission.aliases.length ? submission.aliases.join(', ') : t('identity.admin.noAliases')}</dd>
          {otherAccounts.length > 0 && (
            <>
              <dt>{t('identity.admin.otherAccounts')}</dt>
              <dd dir="auto">{otherAccounts.map((name) => `@${name}`).join(', ')}</dd>
            </>
          )}
          {submission.reason && (
            <>
              <dt>{t('identity.admin.reason')}</dt>
              <dd dir="auto">{submission.reason}</dd>
            </>
          )}
        </dl>
      </section>
      <IdentityDocuments submissionId={submission.id} documents={submission.documents} />
      {submission.state === 'pending' && <IdentityDecision submissionId={submission.id} />}
      {views && (
        <section className={styles.panel} aria-labelledby="identity-views">
          <h2 id="identity-views" className={styles.panelTitle}>
            {t('identity.admin.views')}
          </h2>
          {views.length === 0 ? (
            <p className={styles.empty}>{t('identity.admin.viewsEmpty')}</p>
          ) : (
            <ul>
              {views.map((view) => (
                <li key={`${view.viewedAt}-${view.document}-${view.viewerUsername}`}>
                  <time dateTime={view.viewedAt}>{time.format(new Date(view.viewedAt))}</time>{' '}
                  {t('identity.admin.viewed', {
                    user: `@${view.viewerUsername}`,
                    document: t(`identity.admin.document.${view.document as 'selfie'}`),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
