import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { CaseSummary } from './admin-types';
import { caseSubjectLabel } from './case-labels';
import { DeadlineBadge } from './DeadlineBadge';
import styles from './Queue.module.css';

export interface CaseRowProps {
  readonly item: CaseSummary;
  readonly index: number;
  readonly now: string;
  readonly active: boolean;
  readonly selected: boolean;
  readonly onSelect: (selected: boolean) => void;
  readonly onFocus: () => void;
}

/** One case in a queue: what it is about, its category, its deadline and who has it. */
export function CaseRow({ item, index, now, active, selected, onSelect, onFocus }: CaseRowProps) {
  const { t } = useTranslation();
  const subject = caseSubjectLabel(item, t);
  return (
    <li className={styles.row} data-row-index={index} data-active={active} data-overdue={item.overdue} data-testid="case-row">
      <span className={styles.check}>
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={t('moderation.queue.select', { id: item.id })}
        />
      </span>
      <div className={styles.summary}>
        <Link to={`/admin/case/${item.id}`} className={styles.caseLink} data-row-link onFocus={onFocus}>
          <span>#{item.id} · </span>
          {subject}
        </Link>
        <div className={styles.meta}>
          <span className={styles.tag} data-category={item.category}>
            {t(`moderation.category.${item.category}`)}
          </span>
          <span>{t(`moderation.kind.${item.kind}`)}</span>
          <DeadlineBadge deadline={item.deadlineAt} now={now} />
          {item.reportsCount > 1 && <span>{t('moderation.queue.reports', { count: item.reportsCount })}</span>}
          <span>
            {item.assignee
              ? t('moderation.queue.assignedTo', { username: item.assignee.username })
              : t(`moderation.status.${item.status}`)}
          </span>
        </div>
      </div>
    </li>
  );
}
