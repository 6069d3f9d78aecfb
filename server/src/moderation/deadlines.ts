import type { CaseCategory, ModerationSettings } from './moderation-schema.ts';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

const isWeekend = (day: number) => day === 0 || day === 6;

/**
 * `days` business days (Monday to Friday, counted in UTC; README.md says why) after `from`, at the same
 * time of day. Something received on a weekend counts from Monday 00:00 UTC.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  while (isWeekend(new Date(at).getUTCDay())) at = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(new Date(at).getUTCDay())) left--;
  }
  return new Date(at);
}

/** The deadline of a case of `category` received at `receivedAt`. */
export function caseDeadline(
  category: CaseCategory,
  receivedAt: Date,
  settings: Pick<
    ModerationSettings,
    'defaultDeadlineBusinessDays' | 'nonConsensualDeadlineHours' | 'categoryDeadlineBusinessDays'
  >,
): Date {
  if (category === 'non_consensual') return new Date(receivedAt.getTime() + settings.nonConsensualDeadlineHours * HOUR_MS);
  return addBusinessDays(receivedAt, settings.categoryDeadlineBusinessDays[category] ?? settings.defaultDeadlineBusinessDays);
}
