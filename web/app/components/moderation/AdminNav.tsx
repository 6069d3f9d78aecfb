import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';

export interface AdminNavProps {
  /** Admins also see the restricted queue, roles, watched words, hash banks, 2257 records and settings pages. */
  readonly isAdmin: boolean;
}

/** The console's sections; on a phone the row scrolls sideways under the top bar. */
export function AdminNav({ isAdmin }: AdminNavProps) {
  const { t } = useTranslation();
  const items = [
    { to: '/admin', label: t('moderation.nav.queues'), end: true },
    { to: '/admin/review', label: t('console.review.nav') },
    { to: '/admin/identity', label: t('identity.admin.nav') },
    { to: '/admin/audit', label: t('moderation.nav.audit') },
    { to: '/admin/operations', label: t('moderation.nav.operations') },
    ...(isAdmin
      ? [
          { to: '/admin/roles', label: t('moderation.nav.roles') },
          { to: '/admin/watched-words', label: t('moderation.nav.watchedWords') },
          { to: '/admin/restricted', label: t('csam.nav') },
          { to: '/admin/hash-banks', label: t('hashbanks.nav') },
          { to: '/admin/age-assurance', label: t('ageassurance.admin.nav') },
          { to: '/admin/records', label: t('records.nav') },
          { to: '/admin/settings', label: t('console.settings.nav') },
        ]
      : []),
  ];
  return (
    <nav className={styles.nav} aria-label={t('moderation.nav.label')}>
      <ul className={styles.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={styles.navLink}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
