import type { Readable } from 'node:stream';
import type { EnforcementService } from '../../enforcement/enforcement.service.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { Actor, AuditLog } from '../../moderation/audit-log.ts';
import { ACTIVE_STATUSES } from '../../moderation/cases.repository.ts';
import type { CaseService } from '../../moderation/cases.service.ts';
import type { CsamRepository, SubjectMedia } from './csam.repository.ts';
import type { CyberTiplineReporter } from './cybertipline.ts';
import { buildReport } from './evidence-manifest.ts';
import { type EvidenceVault, evidenceSummary, type Viewer } from './evidence-vault.ts';

export type { Viewer } from './evidence-vault.ts';

export interface CsamSettings {
  readonly baseUrl: string;
  readonly contactName: string;
  readonly contactEmail: string;
}

/**
 * The CSAM workflow on restricted cases (README.md): confirming a case preserves the content and its
 * metadata sealed for the retention period, bans the account and blocks the post through enforcement, and
 * makes a CyberTipline report through the configured reporter. Every look at the material is access-logged.
 */
export class CsamService {
  readonly #repository: CsamRepository;
  readonly #cases: CaseService;
  readonly #enforcement: Pick<EnforcementService, 'actOnPost' | 'actOnAccount'>;
  readonly #audit: AuditLog;
  readonly #storage: Storage;
  readonly #reporter: CyberTiplineReporter;
  readonly #settings: CsamSettings;
  /** The sealed evidence of confirmed cases: opened, downloaded, held and purged through it. */
  readonly evidence: EvidenceVault;

  constructor(deps: {
    repository: CsamRepository;
    cases: CaseService;
    enforcement: Pick<EnforcementService, 'actOnPost' | 'actOnAccount'>;
    audit: AuditLog;
    storage: Storage;
    evidence: EvidenceVault;
    reporter: CyberTiplineReporter;
    settings: CsamSettings;
  }) {
    this.#repository = deps.repository;
    this.#cases = deps.cases;
    this.#enforcement = deps.enforcement;
    this.#audit = deps.audit;
    this.#storage = deps.storage;
    this.evidence = deps.evidence;
    this.#reporter = deps.reporter;
    this.#settings = deps.settings;
  }

  /** The restricted queue: every active restricted case, deadline first. */
  queue(viewer: Actor, limit: number, cursor?: string) {
    return this.#cases.queue(viewer, { queue: 'open', limit, cursor, restrictedOnly: true });
  }

  /** A restricted case for its reviewer: the case, its media (blurred until revealed), evidence, report, access log. */
  async caseView(viewer: Actor, caseId: number) {
    await this.#restrictedCase(viewer, caseId);
    const detail = await this.#cases.detail(caseId, viewer);
    const postId = detail.case.subject.post?.id;
    const [media, evidence, report, access] = await Promise.all([
      postId === undefined ? [] : this.#repository.media(postId),
      this.#repository.evidenceOfCase(caseId),
      this.#repository.reportOfCase(caseId),
      this.#repository.accessLog(caseId, 50),
    ]);
    return {
      ...detail,
      // Once a confirmed case's post is blocked its files are deleted: only the sealed record remains.
      media: await Promise.all(
        media.map(async (item) => {
          const key = stillKey(item);
          return { id: item.id, kind: item.kind, revealable: key !== undefined && (await this.#storage.exists(key)) };
        }),
      ),
      evidence: evidence ? evidenceSummary(evidence) : null,
      report: report ? reportView(report) : null,
      accessLog: access.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    };
  }

  /** A still of one of the case's media, for a reviewer who chose to look: written to the access log first. */
  async reveal(viewer: Viewer, caseId: number, mediaId: number): Promise<{ body: Readable; contentType: string }> {
    const row = await this.#restrictedCase(viewer, caseId);
    const media = row.subjectPostId === null ? [] : await this.#repository.media(row.subjectPostId);
    const item = media.find((candidate) => candidate.id === mediaId);
    const key = item && stillKey(item);
    const body = key && (await this.#storage.get(key));
    if (!item || !key || !body) throw new AppError('not_found');
    await this.#repository.logAccess({
      caseId,
      evidenceId: null,
      actorId: viewer.id,
      actorUsername: viewer.username,
      action: 'media.reveal',
      detail: { mediaId, key },
      ip: viewer.ip,
    });
    return { body, contentType: item.variants[variantName(item, key)]?.mime ?? item.mimeType };
  }

  /**
   * Confirms a restricted case as CSAM. Each step is skipped when a previous attempt did it, so a retry after
   * a failure finishes the work: preserve (sealed files and manifest, the evidence row), block the post and
   * ban the account, report to the CyberTipline, close the case.
   */
  async confirm(actor: Viewer, caseId: number, note: string) {
    const row = await this.#restrictedCase(actor, caseId);
    if (!ACTIVE_STATUSES.includes(row.status)) throw new AppError('case_closed');
    const post = row.subjectPostId === null ? undefined : await this.#repository.post(row.subjectPostId);
    const userId = row.subjectUserId ?? post?.userId ?? null;
    if (userId === null) throw new AppError('csam_no_subject');

    const evidenceId =
      (await this.#repository.evidenceOfCase(caseId))?.id ?? (await this.evidence.preserve(actor, caseId, post, userId, note));
    const context = { category: 'underage' as const, caseId, note };
    if (post) await ignoreNotApplicable(this.#enforcement.actOnPost(actor, post.id, 'post-block', context));
    await ignoreNotApplicable(this.#enforcement.actOnAccount(actor, userId, 'account-ban', context));
    const report = (await this.#repository.reportOfCase(caseId)) ?? (await this.#report(actor, caseId, evidenceId));
    await this.#cases.close(caseId, actor, {
      status: 'actioned',
      action: 'csam.confirm',
      note,
      data: { evidenceId, reportId: report.id },
    });
    return { evidenceId, report: reportView(report) };
  }

  async reports(limit: number) {
    return (await this.#repository.reports(limit)).map(reportView);
  }

  /** Records that an admin entered a pending report at NCMEC, with the report id NCMEC gave. */
  async markSubmitted(actor: Actor, reportId: number, ncmecReportId: string) {
    const report = await this.#repository.report(reportId);
    if (!report) throw new AppError('not_found');
    await this.#repository.transaction(async (trx) => {
      const status = await this.#repository.markSubmitted(trx, reportId, ncmecReportId, actor.id);
      if (status === undefined) throw new AppError('csam_report_submitted');
      await this.#audit.record(
        {
          actor,
          action: 'csam.report-submitted',
          subjectType: 'cybertipline_report',
          subjectId: reportId,
          caseId: report.caseId,
          details: { ncmecReportId, reference: report.reference },
        },
        trx,
      );
    });
    const updated = await this.#repository.report(reportId);
    if (!updated) throw new AppError('not_found');
    return reportView(updated);
  }

  async #report(actor: Actor, caseId: number, evidenceId: number) {
    const manifest = await this.evidence.manifest(evidenceId);
    const receipt = await this.#reporter.submit(buildReport(manifest, evidenceId, this.#settings));
    const reportId = await this.#repository.transaction(async (trx) => {
      const id = await this.#repository.insertReport(trx, {
        caseId,
        evidenceId,
        reporter: this.#reporter.name,
        reference: receipt.reference,
        ncmecReportId: receipt.ncmecReportId,
        by: actor.id,
      });
      await this.#audit.record(
        {
          actor,
          action: 'csam.report',
          subjectType: 'cybertipline_report',
          subjectId: id,
          caseId,
          details: { reporter: this.#reporter.name, reference: receipt.reference },
        },
        trx,
      );
      return id;
    });
    const report = await this.#repository.report(reportId);
    if (!report) throw new Error(`CyberTipline report ${reportId} vanished`);
    return report;
  }

  /** The restricted case, for a cleared staff member; not_found for anything else. */
  async #restrictedCase(viewer: Actor, caseId: number) {
    const row = await this.#repository.restrictedCase(caseId);
    if (!row || !(await this.#cases.clearedForRestricted(viewer))) throw new AppError('not_found');
    return row;
  }
}

/** Enforcement answers enforcement_not_applicable when the post is blocked or the account banned already. */
async function ignoreNotApplicable(action: Promise<unknown>): Promise<void> {
  try {
    await action;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'enforcement_not_applicable')) throw error;
  }
}

function variantName(item: SubjectMedia, key: string): string {
  return Object.entries(item.variants).find(([, variant]) => variant.key === key)?.[0] ?? '';
}

/** The still a reviewer may reveal: a poster or thumbnail picture, else a picture post's original. */
function stillKey(item: SubjectMedia): string | undefined {
  const stills = Object.values(item.variants).filter((variant) => variant.mime.startsWith('image/'));
  const preferred = stills.find((variant) => variant.mime === 'image/jpeg') ?? stills[0];
  if (preferred) return preferred.key;
  return item.kind === 'image' && item.originalKey ? item.originalKey : undefined;
}

function reportView(row: NonNullable<Awaited<ReturnType<CsamRepository['report']>>>) {
  return {
    id: row.id,
    caseId: row.caseId,
    evidenceId: row.evidenceId,
    reporter: row.reporter,
    reference: row.reference,
    status: row.status,
    ncmecReportId: row.ncmecReportId,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}
