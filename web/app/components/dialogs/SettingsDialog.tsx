import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useConsent } from '../consent/ConsentProvider';
import { OrientationSwitch } from '../orientation/OrientationSwitch';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';
import { Dialog } from './Dialog';
import { ChevronIcon } from './icons';
import styles from './SettingsDialog.module.css';
import { useCurrentCountry } from './useCurrentCountry';
import { type SiteDialog, useLanguages } from './useSiteChoices';

function Row({ label, value, onClick }: { label: string; value?: ReactNode; onClick: () => void }) {
  return (
    <li>
      <button type="button" className={styles.row} onClick={onClick}>
        <span className={styles.rowLabel}>{label}</span>
        {value && <span className={styles.rowValue}>{value}</span>}
        <ChevronIcon className={styles.chevron} />
      </button>
    </li>
  );
}

/** Quick site settings for everyone, signed in or not: look, content, language, country and cookies. */
export function SettingsDialog({ onClose, onOpen }: { onClose: () => void; onOpen: (dialog: SiteDialog) => void }) {
  const { t, i18n } = useTranslation();
  const { openChoices } = useConsent();
  const language = useLanguages().find((entry) => entry.locale === i18n.language);
  const country = useCurrentCountry();
  return (
    <Dialog open onClose={onClose} title={t('siteSettings.title')} size="small">
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="site-settings-content">
          <h3 id="site-settings-content" className={styles.sectionTitle}>
            {t('orientation.label')}
          </h3>
          <OrientationSwitch />
        </section>
        <ThemeSwitcher />
        <ul className={styles.rows}>
          <Row
            label={t('shell.language')}
            value={<span lang={language?.bcp47}>{language?.name}</span>}
            onClick={() => onOpen('language')}
          />
          <Row label={t('shell.country')} value={country.name} onClick={() => onOpen('country')} />
          <Row label={t('consent.settings')} onClick={openChoices} />
        </ul>
      </div>
    </Dialog>
  );
}
