import { Link } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { AppealDecision } from '../../components/moderation/AppealDecision';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { AppealsAnswer, CaseDetailAnswer, HistoryAnswer } from '../../components/moderation/admin-types';
import view from '../../components/moderation/Case.module.css';
import { CaseActions } from '../../components/moderation/CaseActions';
import { CaseEventLog, CaseHistory, CaseReports } from '../../components/moderation/CaseHistory';
import { CaseMessages } from '../../components/moderation/CaseMessages';
import { CaseNote } from '../../components/moderation/CaseNote';
import { CaseSubjectPanel } from '../../components/moderation/CaseSubjectPanel';
import { CounterNoticeLawsuit, pendingCounterNotice } from '../../components/moderation/CounterNoticeLawsuit';
import { EnforcementHistory } from '../../components/moderation/EnforcementHistory';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/case';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.case.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,15}$/.test(params.id) ? params.id : '0';
  const { api } = context.get(serverContext);
  const detail = await adminData<CaseDetailAnswer>(api, `/api/admin/cases/${id}`);
  // An appeal case is decided through its appeal: find the one this case was opened for.
  const appeal =
    detail.case.kind === 'appeal'
      ? (await adminData<AppealsAnswer>(api, '/api/admin/enforcement/appeals?limit=100')).appeals.find(
          (candidate) => candidate.caseId === detail.case.id,
        )
      : undefined;
  const subject = detail.case.subject;
  const subjectQuery = subject.post ? `postId=${subject.post.id}` : subject.user ? `userId=${subject.user.id}` : undefined;
  const enforcement = subjectQuery
    ? (await adminData<HistoryAnswer>(api, `/api/admin/enforcement/history?${subjectQuery}&limit=20`)).actions
    : [];
  return { detail, appeal, enforcement, now: new Date().toISOString() };
}

/** One case: its subject (media blurred), what to do with it, and everything that happened so far. */
export default function AdminCase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail, appeal, enforcement, now } = loaderData;
  const counterNotice = pendingCounterNotice(detail);
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
          {appeal && <AppealDecision appeal={appeal} />}
          {counterNotice && <CounterNoticeLawsuit notice={counterNotice} />}
          <CaseActions detail={detail} />
          <CaseReports reports={detail.reports} />
        </div>
        <div className={view.column}>
          <CaseEventLog events={detail.events} />
          <CaseMessages caseId={detail.case.id} messages={detail.messages} closed={closed} />
          <CaseNote caseId={detail.case.id} />
          <CaseHistory history={detail.history} />
          <EnforcementHistory actions={enforcement} />
        </div>
      </div>
    </>
  );
}
