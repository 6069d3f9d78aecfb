import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import { SpriteIcon } from '../icons/sprite';
import { OrientationSwitch } from '../orientation/OrientationSwitch';
import { UploadButton } from '../upload/UploadButton';
import styles from './AppShell.module.css';
import { PrimaryNav } from './PrimaryNav';
import { SiteFooter } from './SiteFooter';

/**
 * The side menu of spec §2 on narrow screens: what the side panel shows from 1040 px, in a drawer that
 * slides in from the inline start. Following a link closes it (SiteDialogs closes dialogs on navigation).
 */
export function SideMenu({ onClose, onOpenSettings }: { onClose: () => void; onOpenSettings: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t('app.name')} variant="drawer">
      <div className={styles.panelOrientation}>
        <OrientationSwitch compact />
      </div>
      <UploadButton placement="menu" />
      <PrimaryNav placement="menu" />
      <button type="button" className={styles.panelSettings} aria-haspopup="dialog" onClick={onOpenSettings}>
        <SpriteIcon name="sliders" />
        <span>{t('siteSettings.title')}</span>
      </button>
      <SiteFooter placement="menu" />
    </Dialog>
  );
}
