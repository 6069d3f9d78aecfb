import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import { AdminPanel } from './AdminPanel';
import type { HistoryAnswer } from './admin-types';
import view from './Case.module.css';

/** Every action taken on the case's subject so far, newest first, with where its appeal stands. */
export function EnforcementHistory({ actions }: { actions: HistoryAnswer['actions'] }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AdminPanel id="case-enforcement" title={t('console.enforcement.title')}>
      {actions.length === 0 ? (
        <p className={styles.hint}>{t('console.enforcement.empty')}</p>
      ) : (
        <ol className={view.timeline} data-testid="enforcement-history">
          {actions.map((action) => (
            <li key={action.id} className={view.entry}>
              <span className={view.entryHead}>
                <strong>{t(`moderation.actions.${action.kind}`)}</strong>
                <span>{t(`moderation.category.${action.category}`)}</span>
                <span>
                  {action.automated || action.moderatorId === null
                    ? t('console.enforcement.automated')
                    : t('console.enforcement.moderator', { id: action.moderatorId })}
                </span>
                <time dateTime={action.createdAt}>{format.format(new Date(action.createdAt))}</time>
              </span>
              <span className={styles.hint}>{t(`console.enforcement.appeal.${action.appeal?.status ?? 'none'}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}
