import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import type { Statement } from './admin-types';
import view from './Case.module.css';

/** What was decided about the user's content or account, why, by whom, and until when they may appeal. */
export function StatementView({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long', timeStyle: 'short' });
  const format = (value: string) => date.format(new Date(value));
  return (
    <section className={styles.panel} aria-labelledby="statement-what">
      <h2 id="statement-what" className={styles.panelTitle} data-testid="statement-kind">
        {t(`moderation.statement.kinds.${statement.kind}`)}
      </h2>
      <dl className={view.facts}>
        <dt>{t('moderation.statement.category')}</dt>
        <dd>{t(`moderation.category.${statement.category}`)}</dd>
        <dt>{t('moderation.statement.rule')}</dt>
        <dd>{t(`moderation.rule.${statement.rule}`)}</dd>
        {statement.publicReason && (
          <>
            <dt>{t('moderation.statement.reason')}</dt>
            <dd>{statement.publicReason}</dd>
          </>
        )}
        <dt>{t('moderation.statement.decidedBy')}</dt>
        <dd>{statement.automated ? t('moderation.statement.automated') : t('moderation.statement.moderator')}</dd>
        <dt>{t('moderation.statement.date')}</dt>
        <dd>
          <time dateTime={statement.createdAt}>{format(statement.createdAt)}</time>
        </dd>
        {statement.endsAt && (
          <>
            <dt>{t('moderation.statement.endsAt')}</dt>
            <dd>
              <time dateTime={statement.endsAt}>{format(statement.endsAt)}</time>
            </dd>
          </>
        )}
        {statement.postId && (
          <>
            <dt>{t('moderation.statement.post')}</dt>
            <dd>#{statement.postId}</dd>
          </>
        )}
      </dl>
      <p>
        {statement.appealPath && statement.appealableUntil
          ? t('moderation.statement.appealUntil', { date: format(statement.appealableUntil) })
          : t('moderation.statement.appealClosed')}
      </p>
      {statement.counterNoticeAllowed && (
        <p>
          <Link to={`/statements/${statement.id}/counter-notice`} className={styles.button}>
            {t('moderation.statement.counterNoticeLink')}
          </Link>
        </p>
      )}
    </section>
  );
}
