import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './Queue.module.css';

const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 3 days" / "5 hours ago" in the page's language, in the largest whole unit. */
export function relativeTime(language: string, deadline: Date, now: Date): string {
  const difference = deadline.getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) if (Math.abs(difference) >= size) return format.format(Math.trunc(difference / size), unit);
  return format.format(Math.round(difference / 60_000), 'minute');
}

/**
 * A case's deadline: overdue ones say so in words and colour, the last day is marked as close. `now`
 * comes from the server's answer so the server render and the hydrated page agree.
 */
export function DeadlineBadge({ deadline, now }: { deadline: string; now: string }) {
  const { t, i18n } = useTranslation();
  const due = new Date(deadline);
  const current = new Date(now);
  const left = due.getTime() - current.getTime();
  const state = left < 0 ? 'overdue' : left < 86_400_000 ? 'soon' : 'later';
  const exact = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(due);
  return (
    <span className={styles.deadline} data-state={state} title={exact}>
      {state === 'overdue' && <strong>{t('moderation.queue.overdue')}</strong>}
      <time dateTime={deadline}>{relativeTime(i18n.language, due, current)}</time>
    </span>
  );
}
