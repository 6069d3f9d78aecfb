import type { TFunction } from '../../i18n/config';

const HOUR_MS = 3_600_000;
/** 18 U.S.C. 2258A asks for a report "as soon as reasonably possible": past a day, the console flags it. */
export const LATE_AFTER_HOURS = 24;

/** Whole hours from `from` to `now` (never negative). */
export function hoursBetween(from: string, now: string): number {
  return Math.max(0, Math.floor((Date.parse(now) - Date.parse(from)) / HOUR_MS));
}

/** "5 h" or "2 d 3 h": how long something has waited. */
export function waitingTime(from: string, now: string, t: TFunction): string {
  const hours = hoursBetween(from, now);
  if (hours < 24) return t('csam.age.hours', { count: hours });
  return t('csam.age.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}
