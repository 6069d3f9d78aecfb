import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { goBack, isMainSection } from '../../lib/navigation';
import { BackIcon } from './icons';
import styles from './TopBar.module.css';

/** The top bar's back button on pages below the main sections (shown on mobile widths; spec §2). */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (isMainSection(useLocation().pathname)) return null;
  return (
    <button type="button" className={styles.back} aria-label={t('shell.back')} onClick={() => goBack(navigate)}>
      <BackIcon />
    </button>
  );
}
