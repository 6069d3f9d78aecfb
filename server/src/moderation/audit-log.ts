import type { Db } from '../db/database.ts';

/** Who did something: a staff member from a request, or `null` for the system (a command, a job). */
export interface Actor {
  readonly id: number;
  readonly username: string;
  readonly ip?: string;
}

export interface AuditEntryInput {
  readonly actor: Actor | null;
  /** A dotted name: `case.assign`, `role.grant`, `settings.update`... (README.md lists them). */
  readonly action: string;
  readonly subjectType?: string;
  readonly subjectId?: string | number;
  readonly caseId?: number | null;
  readonly details?: Record<string, unknown>;
}

export interface AuditFilter {
  readonly actorId?: number;
  readonly action?: string;
  readonly subjectType?: string;
  readonly subjectId?: string;
  readonly from?: Date;
  readonly to?: Date;
  /** Leaves out entries about restricted cases (for staff not cleared for them). */
  readonly hideRestricted?: boolean;
}

export interface AuditRow {
  readonly id: number;
  readonly actorId: number | null;
  readonly actorUsername: string;
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly caseId: number | null;
  readonly details: Record<string, unknown>;
  readonly ip: string;
  readonly createdAt: Date;
}

/**
 * The append-only record of every staff action and setting change. Writing takes the caller's transaction,
 * so an entry exists exactly when the change it records does. The table itself refuses UPDATE and DELETE.
 */
export class AuditLog {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async record(entry: AuditEntryInput, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor?.id ?? null,
        actor_username: entry.actor?.username ?? '',
        action: entry.action,
        subject_type: entry.subjectType ?? '',
        subject_id: entry.subjectId === undefined ? '' : String(entry.subjectId),
        case_id: entry.caseId ?? null,
        details: JSON.stringify(entry.details ?? {}),
        ip: entry.actor?.ip ?? '',
      })
      .execute();
  }

  /** Newest first; `before` is the last id of the previous page. */
  async search(filter: AuditFilter, page: { limit: number; before?: number }): Promise<AuditRow[]> {
    let query = this.db
      .selectFrom('audit_log')
      .select([
        'id',
        'actor_id as actorId',
        'actor_username as actorUsername',
        'action',
        'subject_type as subjectType',
        'subject_id as subjectId',
        'case_id as caseId',
        'details',
        'ip',
        'created_at as createdAt',
      ])
      .orderBy('id', 'desc')
      .limit(page.limit);
    if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.subjectType !== undefined) query = query.where('subject_type', '=', filter.subjectType);
    if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    if (page.before !== undefined) query = query.where('id', '<', page.before);
    if (filter.hideRestricted) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('moderation_cases as c')
              .select('c.id')
              .whereRef('c.id', '=', 'audit_log.case_id')
              .where('c.restricted', '=', true),
          ),
        ),
      );
    }
    return query.execute();
  }
}
