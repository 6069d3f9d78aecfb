import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The limits a progress report is held to (analytics/README.md "Watch time"). */
export interface WatchLimits {
  /** A report sooner than this after the view's previous accepted report adds nothing (the first may come at once). */
  readonly minIntervalMs: number;
  /** The first report may also cover the moments the player ran before the view was counted. */
  readonly viewStartGraceMs: number;
  /** One view's watch time is at most this many times the video's duration (loops included). */
  readonly playsPerView: number;
}

export interface ProgressReport {
  readonly postId: number;
  readonly viewerKey: string;
  readonly watchedMs: number;
  readonly completed: boolean;
  readonly at: Date;
  /** The view windows a report may still add to: the current one and the one before (a view across a window's end). */
  readonly earliestWindow: Date;
}

/**
 * Adds a progress report to the viewer's latest counted view of the post (its view_events row), in one
 * statement: what it adds is the least of what was reported, the real time since the view's previous
 * report (or since the view), the video's duration, and what is left of the view's cap. A concurrent
 * report waits for the row and then finds the interval too short. Undefined when there is no counted view
 * to add to or the report came too soon.
 */
export class WatchProgressRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async add(report: ProgressReport, limits: WatchLimits): Promise<{ watchedMs: number } | undefined> {
    const { postId, viewerKey, watchedMs, completed, at, earliestWindow } = report;
    const { rows } = await sql<{ watchedMs: number }>`
      WITH video AS (
        SELECT coalesce(max(duration_ms), 0)::bigint AS duration_ms FROM media_files WHERE post_id = ${postId} AND kind = 'video'
      ), latest AS (
        SELECT window_start FROM view_events
        WHERE post_id = ${postId} AND viewer_key = ${viewerKey} AND window_start >= ${earliestWindow}
        ORDER BY window_start DESC LIMIT 1
      )
      UPDATE view_events ve SET
        watched_ms = ve.watched_ms + greatest(0, least(
          ${watchedMs}::bigint,
          floor(extract(epoch FROM ${at}::timestamptz - ve.reported_at) * 1000)::bigint
            + CASE WHEN ve.reported_at = ve.viewed_at THEN ${limits.viewStartGraceMs}::bigint ELSE 0 END,
          (SELECT duration_ms FROM video),
          (SELECT duration_ms FROM video) * ${limits.playsPerView} - ve.watched_ms
        )),
        completed = ve.completed OR ${completed},
        reported_at = ${at}
      WHERE ve.post_id = ${postId} AND ve.viewer_key = ${viewerKey} AND ve.window_start = (SELECT window_start FROM latest)
        AND (ve.reported_at = ve.viewed_at OR ve.reported_at <= ${at}::timestamptz - make_interval(secs => ${limits.minIntervalMs / 1000}))
      RETURNING ve.watched_ms AS "watchedMs"`.execute(this.db);
    return rows[0];
  }
}
