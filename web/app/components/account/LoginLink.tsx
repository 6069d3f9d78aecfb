import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { loginHref } from '../../lib/navigation';
import styles from './AccountMenu.module.css';

/** The top bar's account corner for visitors: log in, then come back here. */
export function LoginLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (pathname === '/login') return null;
  return (
    <Link to={loginHref(pathname, search)} className={styles.login}>
      {t('nav.login')}
    </Link>
  );
}
