import { AppError } from '../http/errors.ts';
import type { Actor, AuditLog } from './audit-log.ts';
import { toCsv } from './csv.ts';
import { CASE_CATEGORIES, CASE_KINDS, type MonthFigures, type OperationsAnswer } from './moderation-schema.ts';
import type { MonthRow, OperationsRepository } from './operations.repository.ts';
import type { RecentErrors } from './recent-errors.ts';

const FAILED_JOBS_SHOWN = 50;
/** Three years: enough for any yearly transparency report and its comparison year. */
const MAX_MONTHS = 36;

/** `YYYY-MM` → the first instant of that month, UTC. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
const nextMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

function tally(rows: readonly MonthRow[], month: string, keys: readonly string[] = []): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  for (const row of rows) if (row.month === month) counts[row.key] = (counts[row.key] ?? 0) + row.count;
  return counts;
}

/** The operations page and the monthly report (the acquirer's monthly figures, the DSA transparency ones). */
export class OperationsService {
  private readonly repository: OperationsRepository;
  private readonly audit: AuditLog;
  private readonly errors: RecentErrors;
  private readonly version: string;

  constructor(deps: { repository: OperationsRepository; audit: AuditLog; errors: RecentErrors; version: string }) {
    this.repository = deps.repository;
    this.audit = deps.audit;
    this.errors = deps.errors;
    this.version = deps.version;
  }

  async overview(now = new Date()): Promise<Omit<OperationsAnswer, 'statusCode'>> {
    const [queues, overdueByCategory, failedJobs, storage] = await Promise.all([
      this.repository.queueDepths(now),
      this.repository.overdueByCategory(now),
      this.repository.failedJobs(FAILED_JOBS_SHOWN),
      this.repository.storage(),
    ]);
    return { queues, overdueByCategory, failedJobs, storage, recentErrors: this.errors.list(), version: this.version };
  }

  async retryJob(actor: Actor, id: string): Promise<void> {
    const retried = await this.repository.retryJob(id);
    if (!retried) throw new AppError('not_found');
    await this.audit.record({ actor, action: 'job.retry', subjectType: 'job', subjectId: id, details: { task: retried.task } });
  }

  /** Every month from `from` to `to` (inclusive, `YYYY-MM`), months without a case included. */
  async monthly(from: string, to: string): Promise<MonthFigures[]> {
    const start = monthStart(from);
    const end = nextMonth(monthStart(to));
    const months: string[] = [];
    for (let at = start; at < end; at = nextMonth(at)) months.push(monthOf(at));
    if (months.length === 0 || months.length > MAX_MONTHS) {
      throw new AppError('invalid_input', { details: [{ field: 'to', problem: `from 1 to ${MAX_MONTHS} months after from` }] });
    }
    const [byCategory, byKind, actions, closing] = await Promise.all([
      this.repository.casesPerMonth('category', start, end),
      this.repository.casesPerMonth('kind', start, end),
      this.repository.actionsPerMonth(start, end),
      this.repository.closingPerMonth(start, end),
    ]);
    return months.map((month) => {
      const closed = closing.find((row) => row.month === month);
      return {
        month,
        casesByCategory: tally(byCategory, month, CASE_CATEGORIES),
        casesByKind: tally(byKind, month, CASE_KINDS),
        medianHoursToAction: closed ? Math.round(closed.median_hours * 10) / 10 : null,
        actionsByKind: tally(actions, month),
        closedWithinDeadline: closed?.within ?? 0,
        closedAfterDeadline: closed?.after ?? 0,
      };
    });
  }

  /** The same figures, one line per month; every action seen in the range gets a column. */
  monthlyCsv(months: readonly MonthFigures[]): string {
    const actions = [...new Set(months.flatMap((month) => Object.keys(month.actionsByKind)))].sort();
    const header = [
      'month',
      'cases_total',
      ...CASE_CATEGORIES.map((category) => `cases_${category}`),
      ...CASE_KINDS.map((kind) => `kind_${kind}`),
      'median_hours_to_action',
      'closed_within_deadline',
      'closed_after_deadline',
      ...actions.map((action) => `action_${action}`),
    ];
    const rows = months.map((month) => [
      month.month,
      Object.values(month.casesByCategory).reduce((sum, count) => sum + count, 0),
      ...CASE_CATEGORIES.map((category) => month.casesByCategory[category] ?? 0),
      ...CASE_KINDS.map((kind) => month.casesByKind[kind] ?? 0),
      month.medianHoursToAction ?? '',
      month.closedWithinDeadline,
      month.closedAfterDeadline,
      ...actions.map((action) => month.actionsByKind[action] ?? 0),
    ]);
    return toCsv(header, rows);
  }
}
