import { useState } from 'react';
import type { IdentityReviewAnswer } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import styles from '../moderation/Admin.module.css';
import own from './IdentityReview.module.css';

type Documents = IdentityReviewAnswer['submission']['documents'];

/**
 * The sealed pictures, fetched only when the reviewer asks: each fetch is written to the access log, so a
 * look is always a deliberate one. The route answers with no-store; nothing is kept by the browser.
 */
export function IdentityDocuments({ submissionId, documents }: { submissionId: number; documents: Documents }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <section className={styles.panel} aria-labelledby="identity-documents">
      <h2 id="identity-documents" className={styles.panelTitle}>
        {t('identity.admin.documents')}
      </h2>
      <p className={styles.hint}>{t('identity.admin.documentsNote')}</p>
      {shown ? (
        <div className={own.documents}>
          {documents.map((document) => (
            <figure key={document.kind} className={own.document}>
              <img
                src={`/api/admin/identity/${submissionId}/document/${document.kind}`}
                alt={t(`identity.admin.document.${document.kind}`)}
                width={document.width}
                height={document.height}
              />
              <figcaption>{t(`identity.admin.document.${document.kind}`)}</figcaption>
            </figure>
          ))}
        </div>
      ) : (
        <div className={styles.toolbar}>
          <button type="button" className={styles.button} onClick={() => setShown(true)}>
            {t('identity.admin.showDocuments')}
          </button>
        </div>
      )}
    </section>
  );
}
