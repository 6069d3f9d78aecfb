import { Link, Outlet, useLocation } from 'react-router';
import type { RouteHandle } from '../../components/layout/layouts';
import { useTranslation } from '../../i18n/react';
import { legalDocuments, legalPageKeys } from '../../lib/legal-documents';
import styles from './layout.module.css';

export const handle: RouteHandle = { layout: 'static' };

/** Frame of /legal and of its top-level aliases: the list of documents, then the chosen one. */
export default function LegalLayout() {
  const { t } = useTranslation();
  // Aliases (/terms) show the same document as /legal/terms, so the last segment decides.
  const current = useLocation().pathname.replace(/\/$/, '').split('/').pop();
  return (
    <>
      <nav aria-label={t('shell.legalNavigation')} className={styles.documents}>
        <ul className={styles.list}>
          {legalDocuments.map((document) => (
            <li key={document}>
              <Link to={`/legal/${document}`} className={styles.link} aria-current={current === document ? 'page' : undefined}>
                {t(`pages.${legalPageKeys[document]}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
