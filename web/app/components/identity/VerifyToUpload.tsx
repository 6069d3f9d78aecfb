import { Link } from 'react-router';
import type { IdentityStanding } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import styles from './Identity.module.css';

/** The upload screen for an account the uploader gate refuses: why, and the way to get verified. No file picker. */
export function VerifyToUpload({ standing }: { standing: IdentityStanding }) {
  const { t } = useTranslation();
  const waiting = standing.submission?.state === 'pending' || standing.submission?.state === 'started';
  return (
    <section className={styles.gate} aria-labelledby="verify-to-upload" data-testid="verify-to-upload">
      <h1 id="verify-to-upload" className={styles.gateTitle}>
        {t('identity.upload.title')}
      </h1>
      <p>{waiting ? t('identity.upload.pending') : t('identity.upload.text')}</p>
      {!waiting && (
        <Link className={forms.primary} to="/creators#verification">
          {t('identity.upload.link')}
        </Link>
      )}
    </section>
  );
}
