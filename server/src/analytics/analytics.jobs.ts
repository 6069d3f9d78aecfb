import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { RollupRepository } from './rollup.repository.ts';
import { TopPostsRepository } from './top-posts.repository.ts';
import { addDays, dayBounds, daysBetween, isCalendarDay, utcDay } from './utc-days.ts';

export interface AnalyticsJobSettings {
  /** ANALYTICS_RAW_EVENT_DAYS: UTC days of raw events kept, today included (at least 2). */
  readonly rawEventDays: number;
}

/** Raw events deleted per statement, so the purge never holds many locks or one long transaction. */
export const RAW_EVENT_BATCH = 10_000;

/** The oldest UTC day whose raw events are all still kept; older days can no longer be recomputed. */
export function firstRetainedDay(now: number, settings: AnalyticsJobSettings): string {
  return addDays(utcDay(now), -(settings.rawEventDays - 1));
}

export interface RollupRange {
  /** First and last UTC day ('YYYY-MM-DD'), both included; either alone runs from the oldest kept day / to today. */
  readonly from?: string;
  readonly to?: string;
}

/**
 * `analytics:rollup`. Given a range, recomputes those days (within the kept raw events). Scheduled (no
 * range), recomputes every day from the oldest one not known to be final to today: at least yesterday
 * and today, plus any day that received late events (migration 0029's triggers mark them) and, after an
 * outage of the worker, every day it missed, since each run leaves today marked until a run after its end
 * has recomputed it. Then refreshes the stored top posts (top-posts.repository.ts) of the creators active
 * on those days and of those whose lists no longer end today. Answers the days it rebuilt.
 */
export async function rollupAnalytics(
  db: Db,
  settings: AnalyticsJobSettings,
  range: RollupRange = {},
  now = Date.now(),
): Promise<string[]> {
  const repository = new RollupRepository(db);
  const today = utcDay(now);
  const oldest = firstRetainedDay(now, settings);
  if (range.from !== undefined || range.to !== undefined) {
    for (const day of [range.from, range.to]) {
      if (day !== undefined && !isCalendarDay(day)) throw new Error(`analytics:rollup: ${day} is not a day (YYYY-MM-DD)`);
    }
    const from = range.from !== undefined && range.from > oldest ? range.from : oldest;
    const to = range.to !== undefined && range.to < today ? range.to : today;
    const days = daysBetween(from, to);
    for (const day of days) await repository.rollupDay(day);
    await new TopPostsRepository(db).refresh(days, today);
    return days;
  }

  const { rows } = await sql<{ startedAt: Date }>`SELECT now() AS "startedAt"`.execute(db);
  const startedAt = rows[0]?.startedAt ?? new Date(now);
  const stale = (await repository.staleDays()).map((mark) => mark.day).filter((day) => day >= oldest && day <= today);
  const yesterday = addDays(today, -1);
  const [first = yesterday] = [yesterday, ...stale].sort();
  const days = daysBetween(first, today);
  for (const day of days) await repository.rollupDay(day);
  await new TopPostsRepository(db).refresh(days, today);
  // A day is final once a run that started after its end has rebuilt it (yesterday is rebuilt all today anyway).
  await repository.forgetStale(
    days.filter((day) => dayBounds(day).end.getTime() <= now),
    startedAt,
  );
  await repository.markStale(today);
  return days;
}

/**
 * `analytics:purge-raw-events`: deletes view and follow events of the days before the kept ones, in
 * batches. The aggregates stay; likes and share_events belong to their features and are not touched.
 * Answers how many rows went.
 */
export async function purgeRawEvents(
  db: Db,
  settings: AnalyticsJobSettings,
  now = Date.now(),
  batch = RAW_EVENT_BATCH,
): Promise<number> {
  const repository = new RollupRepository(db);
  const oldest = firstRetainedDay(now, settings);
  const before = dayBounds(oldest).start;
  let deleted = 0;
  for (const table of ['view_events', 'follow_events'] as const) {
    for (;;) {
      const count = await repository.deleteRawEvents(table, before, batch);
      deleted += count;
      if (count < batch) break;
    }
  }
  await repository.forgetStaleBefore(oldest);
  return deleted;
}
