import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import styles from './PlayerDialogs.module.css';

/**
 * videoNotPlayablePopup (spec §3): says once why a video shows no picture and what helps. The feed
 * remembers it was shown (the cookie of that name, 14 days), so it does not come back with every video.
 */
export function NotPlayableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('feed.notPlayableTitle')} description={t('feed.notPlayableText')} size="small">
      <button type="button" className={styles.primary} onClick={onClose} data-autofocus>
        {t('feed.notPlayableOk')}
      </button>
    </Dialog>
  );
}
