import type { Actor, AuditFilter, AuditLog, AuditRow } from './audit-log.ts';
import { toCsv } from './csv.ts';
import type { AuditAnswer, AuditEntry } from './moderation-schema.ts';

const PAGE = 50;
const EXPORT_BATCH = 1000;
/** An export is for a period under review, not the whole history at once: narrow the filters past this. */
const EXPORT_MAX_ROWS = 100_000;

export interface AuditQuery {
  readonly actorId?: number;
  readonly action?: string;
  readonly subjectType?: string;
  readonly subjectId?: string;
  readonly from?: string;
  readonly to?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

const filterOf = (query: AuditQuery): AuditFilter => ({
  actorId: query.actorId,
  action: query.action,
  subjectType: query.subjectType,
  subjectId: query.subjectId,
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
});

const entryOf = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: row.actorId === null ? null : { id: row.actorId, username: row.actorUsername },
  action: row.action,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  caseId: row.caseId,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

/** Reading the audit log in the console: search by page, and export as CSV (itself an audited act). */
export class AuditService {
  private readonly log: AuditLog;

  constructor(log: AuditLog) {
    this.log = log;
  }

  /** A page of the log; `hideRestricted` for staff not cleared for restricted cases. */
  async search(query: AuditQuery, hideRestricted: boolean): Promise<Omit<AuditAnswer, 'statusCode'>> {
    const limit = query.limit ?? PAGE;
    const before = query.cursor === undefined ? undefined : Number(query.cursor);
    const rows = await this.log.search({ ...filterOf(query), hideRestricted }, { limit: limit + 1, before });
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { entries: shown.map(entryOf), nextCursor: rows.length > limit && last ? String(last.id) : null };
  }

  async exportCsv(actor: Actor, query: AuditQuery): Promise<string> {
    const filter = filterOf(query);
    const rows: AuditRow[] = [];
    for (let before: number | undefined; rows.length < EXPORT_MAX_ROWS; ) {
      const batch = await this.log.search(filter, { limit: EXPORT_BATCH, before });
      rows.push(...batch);
      before = batch.at(-1)?.id;
      if (batch.length < EXPORT_BATCH) break;
    }
    await this.log.record({ actor, action: 'audit.export', subjectType: 'audit', details: { ...query, rows: rows.length } });
    return toCsv(
      ['id', 'created_at', 'actor_id', 'actor', 'action', 'subject_type', 'subject_id', 'case_id', 'ip', 'details'],
      rows.map((row) => [
        row.id,
        row.createdAt.toISOString(),
        row.actorId,
        row.actorUsername,
        row.action,
        row.subjectType,
        row.subjectId,
        row.caseId,
        row.ip,
        row.details,
      ]),
    );
  }
}
