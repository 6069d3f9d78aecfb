import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import { SettingsSection } from '../account/SettingsSection';
import styles from './ExportPanel.module.css';

/** The settings screen's way to the data export page, for every account (creators reach it in the studio too). */
export function DataExportSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection id="data" title={t('export.settingsTitle')} lead={t('export.settingsLead')}>
      <Link className={`${forms.secondary} ${styles.action}`} to="/studio/export">
        {t('export.settingsLink')}
      </Link>
    </SettingsSection>
  );
}
