import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { summarise } from './case-summaries.ts';
import type { CaseCategory, CaseKind, CaseMessage, CaseStatus, CaseSummary, Queue } from './moderation-schema.ts';

export const ACTIVE_STATUSES: readonly CaseStatus[] = ['open', 'assigned', 'escalated'];

export interface NewCase {
  readonly kind: CaseKind;
  readonly category: CaseCategory;
  readonly postId: number | null;
  readonly userId: number | null;
  readonly reporterUserId: number | null;
  readonly reporterEmail: string | null;
  readonly deadlineAt: Date;
  readonly relatedCaseId: number | null;
  readonly excludedAssigneeId: number | null;
  readonly dedupeKey: string | null;
  /** Listed and opened only by admins (hash-bank matches). */
  readonly restricted: boolean;
}

export interface NewReport {
  readonly reporterUserId: number | null;
  readonly reporterEmail: string | null;
  readonly text: string;
  readonly details: Record<string, unknown>;
  readonly ip: string;
  readonly locale: string;
}

export interface Reporter {
  readonly reportId: number;
  readonly userId: number | null;
  readonly email: string | null;
  /** The language of the report; an account's own setting wins. */
  readonly locale: string;
  readonly userLang: string | null;
}

export interface NewEvent {
  readonly actorId: number | null;
  readonly action: string;
  readonly publicReason?: string;
  readonly privateNote?: string;
  readonly data?: Record<string, unknown>;
}

export interface QueuePage {
  readonly queue: Queue;
  readonly viewerId: number;
  /** Staff cleared for restricted cases see them too. */
  readonly includeRestricted: boolean;
  /** The restricted queue (compliance/csam): every active restricted case, whatever `queue` says. */
  readonly restrictedOnly?: boolean;
  readonly category?: CaseCategory;
  readonly limit: number;
  readonly after?: { readonly deadlineAt: Date; readonly id: number };
  readonly now: Date;
}

/** The row a case's summary is made from. */
export interface CaseRow {
  readonly id: number;
  readonly kind: CaseKind;
  readonly category: CaseCategory;
  readonly status: CaseStatus;
  readonly subjectPostId: number | null;
  readonly subjectUserId: number | null;
  readonly reporterUserId: number | null;
  readonly reporterEmail: string | null;
  readonly assigneeId: number | null;
  readonly excludedAssigneeId: number | null;
  readonly reportsCount: number;
  readonly deadlineAt: Date;
  readonly relatedCaseId: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly closedAt: Date | null;
  readonly restricted: boolean;
}

const caseColumns = [
  'c.id',
  'c.kind',
  'c.category',
  'c.status',
  'c.subject_post_id as subjectPostId',
  'c.subject_user_id as subjectUserId',
  'c.reporter_user_id as reporterUserId',
  'c.reporter_email as reporterEmail',
  'c.assignee_id as assigneeId',
  'c.excluded_assignee_id as excludedAssigneeId',
  'c.reports_count as reportsCount',
  'c.deadline_at as deadlineAt',
  'c.related_case_id as relatedCaseId',
  'c.created_at as createdAt',
  'c.updated_at as updatedAt',
  'c.closed_at as closedAt',
  'c.restricted',
] as const;

type CaseScope = ExpressionBuilder<Database & { c: Database['moderation_cases'] }, 'c'>;

/** The only place with the SQL of cases, their reports, events and messages. */
export class CasesRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Opens a case, or joins the open one with the same dedupe key (reports_count + 1). `joined` tells which;
   * `xmax` is non-zero exactly when ON CONFLICT updated an existing row.
   */
  async openOrJoin(trx: Db, values: NewCase): Promise<{ id: number; deadlineAt: Date; joined: boolean }> {
    const { rows } = await sql<{ id: number; deadline_at: Date; joined: boolean }>`
      INSERT INTO moderation_cases (kind, category, subject_post_id, subject_user_id, reporter_user_id, reporter_email,
        deadline_at, related_case_id, excluded_assignee_id, dedupe_key, restricted)
      VALUES (${values.kind}, ${values.category}, ${values.postId}, ${values.userId}, ${values.reporterUserId},
        ${values.reporterEmail}, ${values.deadlineAt}, ${values.relatedCaseId},
        ${values.excludedAssigneeId}, ${values.dedupeKey}, ${values.restricted})
      ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('open', 'assigned', 'escalated')
      DO UPDATE SET reports_count = moderation_cases.reports_count + 1, updated_at = now()
      RETURNING id, deadline_at, xmax <> 0 AS joined`.execute(trx);
    const row = rows[0];
    if (!row) throw new Error('case insert returned nothing');
    return { id: row.id, deadlineAt: row.deadline_at, joined: row.joined };
  }

  /** Stores the report; `followUpHash` turns its id into the hash of its follow-up token. */
  async addReport(trx: Db, caseId: number, report: NewReport, followUpHash: (reportId: number) => string): Promise<number> {
    const { id } = await trx
      .insertInto('case_reports')
      .values({
        case_id: caseId,
        reporter_user_id: report.reporterUserId,
        reporter_email: report.reporterEmail,
        text: report.text,
        details: JSON.stringify(report.details),
        ip: report.ip,
        locale: report.locale,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('case_reports')
      .set({ follow_up_hash: followUpHash(id) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  async addEvent(trx: Db, caseId: number, event: NewEvent): Promise<void> {
    await trx
      .insertInto('case_events')
      .values({
        case_id: caseId,
        actor_id: event.actorId,
        action: event.action,
        public_reason: event.publicReason ?? '',
        private_note: event.privateNote ?? '',
        data: JSON.stringify(event.data ?? {}),
      })
      .execute();
  }

  async addMessage(trx: Db, caseId: number, author: 'moderator' | 'reporter', authorId: number | null, body: string) {
    await trx.insertInto('case_messages').values({ case_id: caseId, author, author_id: authorId, body }).execute();
  }

  /** Reports filed by this account (or, without one, from this address) since `since`. */
  async reportsSince(client: { userId?: number; ip: string }, since: Date): Promise<number> {
    let query = this.db
      .selectFrom('case_reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', since);
    query = client.userId === undefined ? query.where('ip', '=', client.ip) : query.where('reporter_user_id', '=', client.userId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async authorOf(postId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('posts').select('user_id').where('id', '=', postId).executeTakeFirst();
    return row?.user_id;
  }

  async userExists(userId: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
  }

  async userIdNamed(username: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    return row?.id;
  }

  /** The case, locked for the rest of the transaction. */
  async lock(trx: Db, caseId: number): Promise<CaseRow | undefined> {
    return trx.selectFrom('moderation_cases as c').select(caseColumns).where('c.id', '=', caseId).forUpdate().executeTakeFirst();
  }

  async setState(trx: Db, caseId: number, change: { status?: CaseStatus; assigneeId?: number | null; closed?: boolean }) {
    await trx
      .updateTable('moderation_cases')
      .set({
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.assigneeId === undefined ? {} : { assignee_id: change.assigneeId }),
        ...(change.closed ? { closed_at: new Date() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', caseId)
      .execute();
  }

  async find(caseId: number, trx: Db = this.db): Promise<CaseRow | undefined> {
    return trx.selectFrom('moderation_cases as c').select(caseColumns).where('c.id', '=', caseId).executeTakeFirst();
  }

  /** Whether an active restricted case is about this post. */
  async postUnderRestrictedCase(postId: number, trx: Db = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('moderation_cases')
      .select('id')
      .where('subject_post_id', '=', postId)
      .where('restricted', '=', true)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst();
    return row !== undefined;
  }

  async queue(page: QueuePage): Promise<CaseRow[]> {
    let query = this.db
      .selectFrom('moderation_cases as c')
      .select(caseColumns)
      .where((eb) =>
        page.restrictedOnly
          ? eb.and([eb('c.restricted', '=', true), eb('c.status', 'in', ACTIVE_STATUSES)])
          : queueFilter(eb, page),
      )
      .orderBy('c.deadline_at')
      .orderBy('c.id')
      .limit(page.limit);
    if (page.category) query = query.where('c.category', '=', page.category);
    if (!page.includeRestricted) query = query.where('c.restricted', '=', false);
    const after = page.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('c.deadline_at', '>', after.deadlineAt),
          eb.and([eb('c.deadline_at', '=', after.deadlineAt), eb('c.id', '>', after.id)]),
        ]),
      );
    }
    return query.execute();
  }

  /** Earlier cases about the same post or account, newest first; restricted ones only for cleared staff. */
  async history(row: CaseRow, limit: number, includeRestricted: boolean): Promise<CaseRow[]> {
    if (row.subjectPostId === null && row.subjectUserId === null) return [];
    let query = this.db.selectFrom('moderation_cases as c').select(caseColumns).where('c.id', '<>', row.id);
    if (!includeRestricted) query = query.where('c.restricted', '=', false);
    return query
      .where((eb) =>
        eb.or([
          ...(row.subjectPostId === null ? [] : [eb('c.subject_post_id', '=', row.subjectPostId)]),
          ...(row.subjectUserId === null ? [] : [eb('c.subject_user_id', '=', row.subjectUserId)]),
        ]),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  async reports(caseId: number) {
    return this.db
      .selectFrom('case_reports')
      .select([
        'id',
        'reporter_user_id as reporterUserId',
        'reporter_email as reporterEmail',
        'text',
        'details',
        'created_at as createdAt',
      ])
      .where('case_id', '=', caseId)
      .orderBy('id')
      .execute();
  }

  /** Every reporter of the case once (their first report): accounts and e-mail addresses to tell about it. */
  async reporters(caseId: number): Promise<Reporter[]> {
    return this.db
      .selectFrom('case_reports as r')
      .leftJoin('users as u', 'u.id', 'r.reporter_user_id')
      .select(['r.id as reportId', 'r.reporter_user_id as userId', 'r.reporter_email as email', 'r.locale', 'u.lang as userLang'])
      .distinctOn(sql`coalesce(r.reporter_user_id::text, lower(r.reporter_email), r.id::text)`)
      .where('r.case_id', '=', caseId)
      .orderBy(sql`coalesce(r.reporter_user_id::text, lower(r.reporter_email), r.id::text)`)
      .orderBy('r.id')
      .execute();
  }

  async events(caseId: number) {
    return this.db
      .selectFrom('case_events')
      .select([
        'id',
        'actor_id as actorId',
        'action',
        'public_reason as publicReason',
        'private_note as privateNote',
        'data',
        'created_at as createdAt',
      ])
      .where('case_id', '=', caseId)
      .orderBy('id')
      .execute();
  }

  async messages(caseId: number): Promise<CaseMessage[]> {
    const rows = await this.db
      .selectFrom('case_messages')
      .select(['id', 'author', 'body', 'created_at as createdAt'])
      .where('case_id', '=', caseId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async reportByFollowUp(hash: string) {
    return this.db
      .selectFrom('case_reports')
      .select(['case_id as caseId', 'reporter_user_id as reporterUserId'])
      .where('follow_up_hash', '=', hash)
      .executeTakeFirst();
  }

  async usernames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  /** Turns rows into summaries with three queries whatever their number (case-summaries.ts). */
  summaries(rows: readonly CaseRow[], now: Date): Promise<CaseSummary[]> {
    return summarise(this.db, rows, now);
  }
}

function queueFilter(eb: CaseScope, page: QueuePage) {
  const active = eb('c.status', 'in', ACTIVE_STATUSES);
  switch (page.queue) {
    case 'open':
      return eb.and([eb('c.status', '=', 'open'), eb('c.kind', '<>', 'appeal')]);
    case 'mine':
      return eb.and([active, eb('c.assignee_id', '=', page.viewerId)]);
    case 'escalated':
      return eb('c.status', '=', 'escalated');
    case 'overdue':
      return eb.and([active, eb('c.deadline_at', '<', page.now)]);
    case 'appeals':
      return eb.and([active, eb('c.kind', '=', 'appeal')]);
  }
}
