import { Link } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { CaseDetailAnswer } from '../../components/moderation/admin-types';
import view from '../../components/moderation/Case.module.css';
import { CaseActions } from '../../components/moderation/CaseActions';
import { CaseEventLog, CaseHistory, CaseReports } from '../../components/moderation/CaseHistory';
import { CaseMessages } from '../../components/moderation/CaseMessages';
import { CaseSubjectPanel } from '../../components/moderation/CaseSubjectPanel';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/case';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.case.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,15}$/.test(params.id) ? params.id : '0';
  const detail = await adminData<CaseDetailAnswer>(context.get(serverContext).api, `/api/admin/cases/${id}`);
  return { detail, now: new Date().toISOString() };
}

/** One case: its subject (media blurred), what to do with it, and everything that happened so far. */
export default function AdminCase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail, now } = loaderData;
  const closed = detail.case.status === 'actioned' || detail.case.status === 'dismissed';
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('moderation.case.heading', { id: detail.case.id })}</h1>
        <Link to="/admin" className={styles.button}>
          {t('moderation.case.backToQueue')}
        </Link>
      </div>
      <div className={view.layout}>
        <div className={view.column}>
          <CaseSubjectPanel detail={detail} now={now} />
          <CaseActions detail={detail} />
          <CaseReports reports={detail.reports} />
        </div>
        <div className={view.column}>
          <CaseEventLog events={detail.events} />
          <CaseMessages caseId={detail.case.id} messages={detail.messages} closed={closed} />
          <CaseHistory history={detail.history} />
        </div>
      </div>
    </>
  );
}
