import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import { AdminPanel } from './AdminPanel';
import type { FollowUpAnswer } from './admin-types';
import view from './Case.module.css';

/** What a reporter sees of their case: reference, status, deadline, and the conversation with the moderators. */
export function FollowUpCase({ answer }: { answer: FollowUpAnswer }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long', timeStyle: 'short' });
  const format = (value: string) => date.format(new Date(value));
  const { case: reported, messages } = answer;
  return (
    <>
      <AdminPanel id="follow-up-case" title={t(`moderation.kind.${reported.kind}`)}>
        <dl className={view.facts}>
          <dt>{t('statements.followUp.reference')}</dt>
          <dd data-testid="follow-up-reference">#{reported.id}</dd>
          <dt>{t('statements.followUp.status')}</dt>
          <dd data-testid="follow-up-status">{t(`moderation.status.${reported.status}`)}</dd>
          {reported.closedAt ? (
            <>
              <dt>{t('statements.followUp.closedAt')}</dt>
              <dd>
                <time dateTime={reported.closedAt}>{format(reported.closedAt)}</time>
              </dd>
            </>
          ) : (
            <>
              <dt>{t('statements.followUp.deadline')}</dt>
              <dd>
                <time dateTime={reported.deadlineAt}>{format(reported.deadlineAt)}</time>
              </dd>
            </>
          )}
        </dl>
      </AdminPanel>
      <AdminPanel id="follow-up-messages" title={t('statements.followUp.messages')}>
        {messages.length === 0 ? (
          <p className={styles.hint}>{t('statements.followUp.noMessages')}</p>
        ) : (
          <ol className={view.timeline}>
            {messages.map((message) => (
              <li key={message.id} className={view.entry} data-author={message.author}>
                <span className={view.entryHead}>
                  <strong>
                    {message.author === 'moderator' ? t('statements.followUp.moderator') : t('statements.followUp.you')}
                  </strong>
                  <time dateTime={message.createdAt}>{format(message.createdAt)}</time>
                </span>
                <p className={view.entryText} dir="auto">
                  {message.body}
                </p>
              </li>
            ))}
          </ol>
        )}
      </AdminPanel>
    </>
  );
}
