import type { RouteHandle } from '../components/layout/layouts';
import styles from '../components/moderation/Admin.module.css';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { ComplaintForm } from '../components/moderation/ComplaintForm';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/report-content';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.complaint.title');

/** The public complaint form: no login, linked from every page's footer. */
export default function ReportContent() {
  const { t } = useTranslation();
  return (
    <div className={styles.console}>
      <header className={styles.field}>
        <h1 className={styles.title}>{t('moderation.complaint.title')}</h1>
        <p className={styles.lead}>{t('moderation.complaint.lead')}</p>
      </header>
      <ComplaintForm />
    </div>
  );
}
