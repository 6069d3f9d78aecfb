import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import type { IntakeAnswer } from './admin-types';
import { FollowUpLinkNote } from './FollowUpLinkNote';

/** What the complainant keeps: the case reference to quote, when the operators must have answered, the follow-up link. */
export function ComplaintConfirmation({ complaint }: { complaint: IntakeAnswer }) {
  const { t, i18n } = useTranslation();
  const deadline = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(complaint.deadlineAt),
  );
  return (
    <section className={styles.panel} role="status" aria-labelledby="complaint-filed">
      <h2 id="complaint-filed" className={styles.panelTitle}>
        {t('moderation.complaint.filedTitle')}
      </h2>
      <p>{t('moderation.complaint.filedReference', { reference: `#${complaint.caseId}` })}</p>
      <p>{t('moderation.complaint.filedDeadline', { deadline })}</p>
      <FollowUpLinkNote token={complaint.followUpToken} />
      <p className={styles.hint}>{t('moderation.complaint.filedNote')}</p>
    </section>
  );
}
