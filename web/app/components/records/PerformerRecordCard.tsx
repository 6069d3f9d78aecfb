import { useId, useState } from 'react';
import type { PerformerRecord } from '../../../../server/src/compliance/records/records-schema.ts';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from '../moderation/Admin.module.css';
import own from './Records.module.css';

/**
 * One performer's 2257 record. ID copies load only when asked, each from the console's sealed-document
 * route, which writes the access log before a byte is sent (compliance/verification/README.md).
 */
export function PerformerRecordCard({ performer }: { performer: PerformerRecord }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [shown, setShown] = useState(false);
  const locale = numberLocale(i18n.language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const openable = performer.documents.filter((document) => document.url !== null);
  return (
    <article className={own.performer} aria-labelledby={headingId}>
      <h3 id={headingId} className={own.performerTitle}>
        <span dir="auto">{performer.legalName ?? performer.otherNames[0] ?? t(`records.kinds.${performer.kind}`)}</span>
        <span className={own.badge} data-cleared={performer.cleared}>
          {t(performer.cleared ? 'records.performer.cleared' : 'records.performer.notCleared')}
        </span>
      </h3>
      <dl className={own.facts}>
        <dt>{t('records.performer.legalName')}</dt>
        <dd dir="auto">{performer.legalName ?? t('records.performer.notVerified')}</dd>
        <dt>{t('records.performer.dateOfBirth')}</dt>
        <dd>{performer.dateOfBirth ? day.format(new Date(`${performer.dateOfBirth}T00:00:00Z`)) : '–'}</dd>
        <dt>{t('records.performer.otherNames')}</dt>
        <dd dir="auto">{performer.otherNames.length ? performer.otherNames.join(', ') : t('records.performer.none')}</dd>
        <dt>{t('records.performer.verifiedAt')}</dt>
        <dd>
          {performer.verifiedAt ? (
            <time dateTime={performer.verifiedAt}>{time.format(new Date(performer.verifiedAt))}</time>
          ) : (
            t('records.performer.notVerified')
          )}
        </dd>
        <dt>{t('records.performer.consent')}</dt>
        <dd>
          {t(`records.kinds.${performer.kind}`)} · {t(`records.states.${performer.state}`)}
          {performer.scopes.length > 0 && ` (${performer.scopes.map((scope) => t(`records.scopes.${scope}`)).join(', ')})`}
        </dd>
      </dl>
      <div className={styles.field}>
        <span>{t('records.performer.documents')}</span>
        {openable.length === 0 ? (
          <p className={styles.hint}>{t('records.performer.noDocuments')}</p>
        ) : shown ? (
          <div className={own.documents}>
            {openable.map((document) => (
              <figure key={document.kind}>
                <img src={document.url ?? undefined} alt={t(`identity.admin.document.${document.kind}`)} />
                <figcaption>{t(`identity.admin.document.${document.kind}`)}</figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <div className={styles.toolbar}>
            <button type="button" className={styles.button} onClick={() => setShown(true)}>
              {t('records.performer.showDocuments')}
            </button>
            <p className={styles.hint}>{t('records.performer.documentsNote')}</p>
          </div>
        )}
      </div>
    </article>
  );
}
