import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { legalDocuments, legalPageKeys } from '../../lib/legal-documents';
import { useOpenSiteDialog } from '../dialogs/SiteDialogs';
import type { SiteDialog } from '../dialogs/useSiteChoices';
import styles from './SiteFooter.module.css';

/** Links to the company, legal and preference pages; in the side panel on wide screens, under the page otherwise. */
export function SiteFooter({ placement }: { placement: 'panel' | 'page' | 'menu' }) {
  const { t } = useTranslation();
  const openDialog = useOpenSiteDialog();
  const links: ReadonlyArray<{ to: string; label: string; dialog?: SiteDialog }> = [
    { to: '/contact-us', label: t('pages.contactUs.title') },
    { to: '/report-content', label: t('moderation.complaint.footerLink') },
    { to: '/creators', label: t('pages.creators.title') },
    { to: '/partners', label: t('pages.partners.title') },
    { to: '/sounds', label: t('sounds.title') },
    ...legalDocuments.map((document) => ({ to: `/legal/${document}`, label: t(`pages.${legalPageKeys[document]}.title`) })),
    { to: '/choose-language', label: t('shell.language'), dialog: 'language' },
    { to: '/choose-country', label: t('shell.country'), dialog: 'country' },
  ];
  return (
    <footer className={styles[placement]}>
      <nav aria-label={t('shell.footerNavigation')}>
        <ul className={styles.list}>
          {links.map(({ to, label, dialog }) => (
            <li key={to}>
              <Link
                to={to}
                className={styles.link}
                onClick={(event) => {
                  // The choosers open in place; the pages remain for links from elsewhere and for crawlers.
                  if (!dialog) return;
                  event.preventDefault();
                  openDialog(dialog);
                }}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
