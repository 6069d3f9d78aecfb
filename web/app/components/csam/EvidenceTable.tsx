import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from '../moderation/Admin.module.css';
import { AdminPanel } from '../moderation/AdminPanel';
import { AdminTable } from '../moderation/AdminTable';
import own from './Csam.module.css';
import type { EvidenceSummary } from './csam-types';

/** Every preserved record, newest first, with when it is deleted and whether a legal hold keeps it. */
export function EvidenceTable({ evidence }: { evidence: readonly EvidenceSummary[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <AdminPanel id="csam-evidence-list" title={t('csam.evidence.title')}>
      {evidence.length === 0 ? (
        <p className={styles.hint}>{t('csam.evidence.empty')}</p>
      ) : (
        <AdminTable
          columns={[
            { label: t('csam.reports.case'), className: own.nowrap },
            { label: t('csam.evidence.preserved'), className: own.nowrap },
            { label: t('csam.evidence.retainUntil'), className: own.nowrap },
            { label: t('csam.evidence.hold'), className: own.nowrap },
          ]}
        >
          {evidence.map((item) => (
            <tr key={item.id}>
              <td className={own.nowrap}>
                <Link to={`/admin/restricted/${item.caseId}`}>#{item.caseId}</Link>
              </td>
              <td className={own.nowrap}>{date.format(new Date(item.preservedAt))}</td>
              <td className={own.nowrap}>{date.format(new Date(item.retainUntil))}</td>
              <td>{item.legalHold ? t('csam.evidence.held', { reason: item.legalHoldReason }) : t('csam.evidence.notHeld')}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPanel>
  );
}
