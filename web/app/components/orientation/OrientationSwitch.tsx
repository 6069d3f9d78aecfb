import { useLocation } from 'react-router';
import { Orientation } from '../../../../server/src/settings/orientation.ts';
import { useTranslation } from '../../i18n/react';
import { activeOrientation, orientationChoices, pathInVariant } from '../../lib/orientation';
import { useRootData } from '../../lib/root-data';
import { useConsent } from '../consent/ConsentProvider';
import styles from './OrientationSwitch.module.css';

/**
 * Straight / gay / trans (spec §4): remembers the choice in lgbtPreference, then loads the same page in
 * that site variant. Buttons rather than radios, so arrow keys never leave the page by accident.
 */
export function OrientationSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { remember } = useConsent();
  const { pathname, search, hash } = useLocation();
  const current = activeOrientation(pathname, useRootData()?.lgbtPreference ?? Orientation.straight);
  return (
    <nav aria-label={t('orientation.label')} className={styles.switch} data-compact={compact || undefined}>
      {orientationChoices.map(({ name, value, variant }) => {
        const active = current === value;
        const target = `${pathInVariant(pathname, variant)}${search}${hash}`;
        return (
          <a
            key={name}
            href={target}
            className={styles.option}
            aria-current={active ? 'true' : undefined}
            onClick={(event) => {
              event.preventDefault();
              if (active) return;
              remember('lgbtPreference', String(value));
              window.location.assign(target);
            }}
          >
            {t(`orientation.${name}`)}
          </a>
        );
      })}
    </nav>
  );
}
