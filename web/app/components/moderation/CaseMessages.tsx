import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import { ActionStatusLine, AdminPanel } from './AdminPanel';
import type { CaseMessage } from './admin-types';
import view from './Case.module.css';
import { useAdminAction } from './useAdminAction';

/** The conversation with the reporter; what a moderator writes reaches them by e-mail and notification. */
export function CaseMessages({
  caseId,
  messages,
  closed,
}: {
  caseId: number;
  messages: readonly CaseMessage[];
  closed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const format = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AdminPanel id="case-messages" title={t('moderation.case.messages')}>
      {messages.length === 0 ? (
        <p className={styles.hint}>{t('moderation.case.noMessages')}</p>
      ) : (
        <ol className={view.timeline}>
          {messages.map((message) => (
            <li key={message.id} className={view.entry} data-author={message.author}>
              <span className={view.entryHead}>
                <strong>{t(`moderation.case.author.${message.author}`)}</strong>
                <time dateTime={message.createdAt}>{format.format(new Date(message.createdAt))}</time>
              </span>
              <p className={view.entryText}>{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {!closed && (
        <form
          className={styles.field}
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const text = String(new FormData(form).get('text') ?? '').trim();
            if (text && (await run(`/api/admin/cases/${caseId}/message`, { text }))) form.reset();
          }}
        >
          <label htmlFor="case-message">{t('moderation.case.writeToReporter')}</label>
          <textarea id="case-message" name="text" required maxLength={5000} className={styles.input} />
          <div className={styles.toolbar}>
            <button type="submit" className={styles.button} disabled={busy}>
              {t('moderation.case.send')}
            </button>
          </div>
          <ActionStatusLine status={status} />
        </form>
      )}
    </AdminPanel>
  );
}
