import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { Dialog } from '../dialogs/Dialog';
import { STATUS_MESSAGE_MS, useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';

/** Spec §2 "verify": after sign-up, asks to open the e-mailed link; the link can be sent again. */
export function VerifyDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await api('/api/action/resend/verification');
      showStatus(t('account.status.resentEmail'), 'success', STATUS_MESSAGE_MS);
    } catch (error) {
      showStatus(errorMessage(t, error), 'error', 6000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('account.verify.title')}
      description={t('account.verify.description', { email })}
    >
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={resend} disabled={busy}>
          {t('account.verify.resend')}
        </button>
        <button type="button" className={styles.primary} onClick={onClose} data-autofocus>
          {t('account.verify.continue')}
        </button>
      </div>
    </Dialog>
  );
}

/** Spec §2 "verified": the e-mail address is confirmed. */
export function VerifiedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('account.verified.title')}
      description={t('account.verified.description')}
    >
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onClose} data-autofocus>
          {t('account.verified.continue')}
        </button>
      </div>
    </Dialog>
  );
}
