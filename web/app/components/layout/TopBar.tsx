import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { orientationOf, variantPath } from '../../lib/orientation';
import { SearchIcon, VelvetMark } from './icons';
import { PrimaryNav } from './PrimaryNav';
import styles from './TopBar.module.css';

/** Login link carrying the current address as `next`, so the visitor comes back here (spec §2). */
function loginHref(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

export function TopBar({ withNavigation }: { withNavigation: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const variant = orientationOf(pathname);
  return (
    <header className={styles.topBar}>
      <Link to={variantPath('home', variant)} className={styles.brand} aria-label={t('shell.home')}>
        <VelvetMark />
        <span className={styles.wordmark}>{t('app.name')}</span>
      </Link>
      {withNavigation && <PrimaryNav placement="top" />}
      <Link to={variantPath('search', variant)} className={styles.search}>
        <SearchIcon />
        <span className={styles.searchLabel}>{t('nav.search')}</span>
      </Link>
      {pathname !== '/login' && (
        <Link to={loginHref(pathname, search)} className={styles.login}>
          {t('nav.login')}
        </Link>
      )}
    </header>
  );
}
