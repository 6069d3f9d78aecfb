import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import { useAccount } from './AccountSession';
import styles from './forms.module.css';

/** Spec §2 "logout" dialog: asks before ending the session on this device. */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { logOut } = useAccount();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} size="small" title={t('account.logout.title')} description={t('account.logout.description')}>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose} data-autofocus>
          {t('account.common.cancel')}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void logOut();
          }}
        >
          {t('account.logout.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
