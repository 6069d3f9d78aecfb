import { Link } from 'react-router';
import { serverContext } from '#server-context';
import own from '../../components/csam/Csam.module.css';
import { CyberTiplineReports } from '../../components/csam/CyberTiplineReports';
import type { RestrictedQueueAnswer } from '../../components/csam/csam-types';
import { EvidenceTable } from '../../components/csam/EvidenceTable';
import { waitingTime } from '../../components/csam/waiting-time';
import styles from '../../components/moderation/Admin.module.css';
import { AdminPanel } from '../../components/moderation/AdminPanel';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { caseSubjectLabel } from '../../components/moderation/case-labels';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/restricted';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'csam.title');

/** Staff cleared for restricted cases only (admins): the API refuses everyone else with the console's 403. */
export async function loader({ context }: Route.LoaderArgs) {
  return adminData<RestrictedQueueAnswer>(context.get(serverContext).api, '/api/admin/csam/queue');
}

/** The restricted queue (compliance/csam): suspected CSAM cases, CyberTipline reports and preserved evidence. */
export default function AdminRestricted({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cases, reports, evidence, now } = loaderData;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('csam.title')}</h1>
        <p className={styles.lead}>{t('csam.lead')}</p>
      </div>
      <AdminPanel id="csam-queue" title={t('csam.queue.title')}>
        {cases.length === 0 ? (
          <p className={styles.hint}>{t('csam.queue.empty')}</p>
        ) : (
          <ul className={own.list} data-testid="restricted-queue">
            {cases.map((item) => (
              <li key={item.id}>
                <Link to={`/admin/restricted/${item.id}`}>
                  #{item.id} · {caseSubjectLabel(item, t)}
                </Link>{' '}
                · {t(`moderation.category.${item.category}`)} · {t(`moderation.kind.${item.kind}`)} ·{' '}
                {t('csam.queue.waiting', { age: waitingTime(item.createdAt, now, t) })}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <CyberTiplineReports reports={reports} now={now} />
      <EvidenceTable evidence={evidence} />
    </>
  );
}
