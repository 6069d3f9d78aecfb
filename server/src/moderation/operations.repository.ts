import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FailedJob } from './moderation-schema.ts';

export interface MonthRow {
  readonly month: string;
  readonly key: string;
  readonly count: number;
}

/** The SQL of the operations page and the monthly report: cases, graphile-worker's jobs, storage. */
export class OperationsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async queueDepths(now: Date) {
    const { rows } = await sql<{ open: number; assigned: number; escalated: number; appeals: number; overdue: number }>`
      SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
             count(*) FILTER (WHERE status = 'assigned')::int AS assigned,
             count(*) FILTER (WHERE status = 'escalated')::int AS escalated,
             count(*) FILTER (WHERE kind = 'appeal')::int AS appeals,
             count(*) FILTER (WHERE deadline_at < ${now})::int AS overdue
      FROM moderation_cases WHERE status IN ('open', 'assigned', 'escalated')`.execute(this.db);
    return rows[0] ?? { open: 0, assigned: 0, escalated: 0, appeals: 0, overdue: 0 };
  }

  async overdueByCategory(now: Date): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('moderation_cases')
      .select(['category', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['open', 'assigned', 'escalated'])
      .where('deadline_at', '<', now)
      .groupBy('category')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.category, Number(row.count)]));
  }

  /** Jobs that used up their attempts, newest first. */
  async failedJobs(limit: number): Promise<FailedJob[]> {
    const { rows } = await sql<{ id: string; task: string; attempts: number; last_error: string | null; updated_at: Date }>`
      SELECT id::text AS id, task_identifier AS task, attempts, last_error, updated_at
      FROM graphile_worker.jobs WHERE attempts >= max_attempts
      ORDER BY updated_at DESC, id DESC LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({
      id: row.id,
      task: row.task,
      attempts: row.attempts,
      lastError: row.last_error,
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  /** Runs a failed job again now with fresh attempts; false when no failed job has that id. */
  async retryJob(id: string): Promise<{ task: string } | undefined> {
    const { rows } = await sql<{ task: string }>`
      WITH failed AS (SELECT id, task_identifier FROM graphile_worker.jobs WHERE id = ${id}::bigint AND attempts >= max_attempts),
      retried AS (SELECT id FROM graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM failed), run_at := now(), attempts := 0))
      SELECT failed.task_identifier AS task FROM failed JOIN retried USING (id)`.execute(this.db);
    return rows[0];
  }

  async storage() {
    const { rows } = await sql<{ database_bytes: number; media_bytes: number; media_files: number }>`
      SELECT pg_database_size(current_database())::bigint AS database_bytes,
             (coalesce(sum(m.size_bytes), 0) + coalesce(sum(v.bytes), 0))::bigint AS media_bytes,
             count(*)::int AS media_files
      FROM media_files m
      LEFT JOIN LATERAL (
        SELECT sum((value ->> 'bytes')::bigint) AS bytes FROM jsonb_each(m.variants)
      ) v ON true`.execute(this.db);
    const row = rows[0];
    return { databaseBytes: row?.database_bytes ?? 0, mediaBytes: row?.media_bytes ?? 0, mediaFiles: row?.media_files ?? 0 };
  }

  /** Cases opened per UTC month of [from, to) by `column` (category or kind). */
  async casesPerMonth(column: 'category' | 'kind', from: Date, to: Date): Promise<MonthRow[]> {
    const { rows } = await sql<MonthRow>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${sql.ref(column)} AS key, count(*)::int AS count
      FROM moderation_cases WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /** Closing decisions per UTC month by their action (case.dismiss, post.remove...). */
  async actionsPerMonth(from: Date, to: Date): Promise<MonthRow[]> {
    const { rows } = await sql<MonthRow>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, action AS key, count(*)::int AS count
      FROM case_events WHERE created_at >= ${from} AND created_at < ${to} AND data ? 'status'
      GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /** Per UTC month of closing: median hours from intake, and how many closed within their deadline. */
  async closingPerMonth(from: Date, to: Date) {
    const { rows } = await sql<{ month: string; median_hours: number; within: number; after: number }>`
      SELECT to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - created_at) / 3600)::float8 AS median_hours,
             count(*) FILTER (WHERE closed_at <= deadline_at)::int AS within,
             count(*) FILTER (WHERE closed_at > deadline_at)::int AS after
      FROM moderation_cases WHERE closed_at >= ${from} AND closed_at < ${to}
      GROUP BY 1`.execute(this.db);
    return rows;
  }
}
