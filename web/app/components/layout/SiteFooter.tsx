import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalDocuments, legalPageKeys } from '../../lib/legal-documents';
import styles from './SiteFooter.module.css';

/** Links to the company, legal and preference pages; in the side panel on wide screens, under the page otherwise. */
export function SiteFooter({ placement }: { placement: 'panel' | 'page' }) {
  const { t } = useTranslation();
  const links: ReadonlyArray<{ to: string; label: string }> = [
    { to: '/contact-us', label: t('pages.contactUs.title') },
    { to: '/creators', label: t('pages.creators.title') },
    { to: '/partners', label: t('pages.partners.title') },
    ...legalDocuments.map((document) => ({ to: `/legal/${document}`, label: t(`pages.${legalPageKeys[document]}.title`) })),
    { to: '/choose-language', label: t('shell.language') },
    { to: '/choose-country', label: t('shell.country') },
  ];
  return (
    <footer className={styles[placement]}>
      <nav aria-label={t('shell.footerNavigation')}>
        <ul className={styles.list}>
          {links.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className={styles.link}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
