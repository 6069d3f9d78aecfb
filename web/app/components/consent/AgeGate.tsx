import { useTranslation } from '../../i18n/react';
import { useOpenSiteDialog } from '../dialogs/SiteDialogs';
import { useLanguages } from '../dialogs/useSiteChoices';
import styles from './AgeGate.module.css';
import { useConsent } from './ConsentProvider';
import { GateCard } from './GateCard';

/**
 * The age confirmation every page shows until have18 is set (spec §1). The server renders it over the
 * page, which stays in the HTML (and inert) behind it, so crawlers still read the content and nothing
 * flashes.
 */
export function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const { t, i18n } = useTranslation();
  const { remember } = useConsent();
  const openDialog = useOpenSiteDialog();
  const language = useLanguages().find((entry) => entry.locale === i18n.language);

  return (
    <GateCard
      title={t('gate.title')}
      message={t('gate.message')}
      action={{
        label: t('gate.enter'),
        onClick: () => {
          remember('have18', '1');
          onConfirm();
        },
      }}
    >
      <div className={styles.footer}>
        <button type="button" className={styles.language} onClick={() => openDialog('language')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <g fill="none" stroke="currentColor" strokeWidth="1.8">
              <circle cx="12" cy="12" r="9" />
              <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
            </g>
          </svg>
          <span className={styles.hidden}>{t('shell.language')}: </span>
          <span lang={language?.bcp47}>{language?.name}</span>
        </button>
      </div>
    </GateCard>
  );
}
