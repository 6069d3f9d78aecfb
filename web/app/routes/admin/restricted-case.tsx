import { Link } from 'react-router';
import { serverContext } from '#server-context';
import { AccessLog } from '../../components/csam/AccessLog';
import { CaseSubjectFacts } from '../../components/csam/CaseSubjectFacts';
import { ConfirmCsam } from '../../components/csam/ConfirmCsam';
import own from '../../components/csam/Csam.module.css';
import { CyberTiplineReports } from '../../components/csam/CyberTiplineReports';
import type { RestrictedCaseAnswer } from '../../components/csam/csam-types';
import { EvidencePanel } from '../../components/csam/EvidencePanel';
import { RevealableStill } from '../../components/csam/RevealableStill';
import styles from '../../components/moderation/Admin.module.css';
import { AdminPanel } from '../../components/moderation/AdminPanel';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import view from '../../components/moderation/Case.module.css';
import { CaseEventLog, CaseReports } from '../../components/moderation/CaseHistory';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/restricted-case';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'csam.case.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,15}$/.test(params.id) ? params.id : '0';
  return adminData<RestrictedCaseAnswer>(context.get(serverContext).api, `/api/admin/csam/cases/${id}`);
}

/** One restricted case: blurred media, the CSAM decision, what was preserved and reported, who looked. */
export default function AdminRestrictedCase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const detail = loaderData;
  const item = detail.case;
  const open = item.status !== 'actioned' && item.status !== 'dismissed';
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('csam.case.heading', { id: item.id })}</h1>
        <Link to="/admin/restricted" className={styles.button}>
          {t('csam.case.back')}
        </Link>
      </div>
      <div className={view.layout}>
        <div className={view.column}>
          <AdminPanel id="csam-media" title={t('csam.case.media')}>
            <div className={own.mediaRow}>
              {detail.media.length === 0 ? (
                <p className={view.noMedia}>{t('csam.case.noStill')}</p>
              ) : (
                detail.media.map((media) => (
                  <RevealableStill key={media.id} caseId={item.id} mediaId={media.id} revealable={media.revealable} />
                ))
              )}
            </div>
            <CaseSubjectFacts item={item} now={detail.now} />
          </AdminPanel>
          {open && <ConfirmCsam caseId={item.id} />}
          {open && (
            <p className={styles.hint}>
              {t('csam.confirm.other')} <Link to={`/admin/case/${item.id}`}>{t('csam.confirm.openCase')}</Link>
            </p>
          )}
          {detail.evidence && <EvidencePanel evidence={detail.evidence} />}
          {detail.report && <CyberTiplineReports reports={[detail.report]} now={detail.now} />}
          <CaseReports reports={detail.reports} />
        </div>
        <div className={view.column}>
          <AccessLog entries={detail.accessLog} />
          <CaseEventLog events={detail.events} />
        </div>
      </div>
    </>
  );
}
