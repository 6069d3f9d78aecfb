import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './ProfileTabs.module.css';

export interface ProfileTab {
  readonly key: string;
  readonly label: string;
  readonly to: string;
}

/** Section links under the header (videos and likes; followers and following); the current one is marked. */
export function ProfileTabs({ tabs, current }: { tabs: readonly ProfileTab[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('profile.tabs')}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={styles.tab}
          aria-current={tab.key === current ? 'page' : undefined}
          preventScrollReset
          replace
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
