/** Analytics days are UTC calendar days, written 'YYYY-MM-DD' (as PostgreSQL's `date` reads and prints them). */
const DAY_MS = 86_400_000;

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The instants a day covers: [start, end). */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = Date.parse(`${day}T00:00:00Z`);
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** Every day from `first` to `last`, both included; none when `first` is after `last`. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A real calendar day in the pattern (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!new RegExp(DAY_PATTERN).test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && utcDay(at) === day;
}
