import { SCHEDULE_MAX_DAYS, SCHEDULE_MIN_LEAD_MS } from '../../../../server/src/studio/studio-rules.ts';

const DAY_MS = 86_400_000;
const STEP_MS = 5 * 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` input's value for `date` in the viewer's time zone (YYYY-MM-DDTHH:mm). */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a `datetime-local` value names in the viewer's time zone; undefined when it names none. */
export function fromLocalInputValue(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  // new Date rolls 31 February over into March: such a value names no moment.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

export type ScheduleProblem = 'invalid' | 'tooSoon' | 'tooFar';

/** What is wrong with a publication time, by the server's rules (studio-rules.ts); undefined when it is fine. */
export function scheduleProblem(at: Date | undefined, now: Date): ScheduleProblem | undefined {
  if (!at) return 'invalid';
  if (at.getTime() < now.getTime() + SCHEDULE_MIN_LEAD_MS) return 'tooSoon';
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS) return 'tooFar';
  return undefined;
}

/** The earliest and latest values the input offers. */
export function scheduleBounds(now: Date): { min: string; max: string } {
  return {
    min: toLocalInputValue(new Date(now.getTime() + SCHEDULE_MIN_LEAD_MS + 60_000)),
    max: toLocalInputValue(new Date(now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)),
  };
}

/** What the input starts with: an hour from now, on a whole five minutes. */
export function suggestedScheduleTime(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 3_600_000) / STEP_MS) * STEP_MS);
}
