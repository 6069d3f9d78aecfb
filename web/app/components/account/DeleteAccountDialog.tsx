import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { Dialog } from '../dialogs/Dialog';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';

/** Spec §2 "delete-account": DELETE /api/user/me starts the 30-day grace period, then logs out. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { logOut, showStatus } = useAccount();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api('/api/user/me', { method: 'DELETE' });
      await logOut({ message: t('account.status.deletionRequested') });
    } catch (error) {
      showStatus(errorMessage(t, error), 'error', 8000);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} size="small" title={t('account.delete.title')} description={t('account.delete.description')}>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose} data-autofocus>
          {t('account.common.cancel')}
        </button>
        <button type="button" className={styles.danger} onClick={remove} disabled={busy}>
          {t('account.delete.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
