import { createHash, randomUUID } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import type { Logger } from 'pino';
import type { EnforcementService } from '../../enforcement/enforcement.service.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { Actor, AuditLog } from '../../moderation/audit-log.ts';
import { ACTIVE_STATUSES } from '../../moderation/cases.repository.ts';
import type { CaseService } from '../../moderation/cases.service.ts';
import { SealedError } from '../sealed/sealed-error.ts';
import type { SealedStore } from '../sealed/sealed-store.ts';
import type { CsamRepository, SubjectMedia } from './csam.repository.ts';
import type { CyberTiplineReporter } from './cybertipline.ts';
import { buildManifest, buildReport, type EvidenceManifest, type PreservedFile } from './evidence-manifest.ts';

const DAY_MS = 86_400_000;
const PURGE_BATCH = 100;

export interface CsamSettings {
  readonly retentionDays: number;
  readonly baseUrl: string;
  readonly contactName: string;
  readonly contactEmail: string;
}

/** A staff member looking at restricted material: who, and from where (the access log's row). */
export type Viewer = Actor & { readonly ip: string };

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
  readonly #sealed: SealedStore;
  readonly #reporter: CyberTiplineReporter;
  readonly #settings: CsamSettings;
  readonly #log: Logger;

  constructor(deps: {
    repository: CsamRepository;
    cases: CaseService;
    enforcement: Pick<EnforcementService, 'actOnPost' | 'actOnAccount'>;
    audit: AuditLog;
    storage: Storage;
    sealed: SealedStore;
    reporter: CyberTiplineReporter;
    settings: CsamSettings;
    log: Logger;
  }) {
    this.#repository = deps.repository;
    this.#cases = deps.cases;
    this.#enforcement = deps.enforcement;
    this.#audit = deps.audit;
    this.#storage = deps.storage;
    this.#sealed = deps.sealed;
    this.#reporter = deps.reporter;
    this.#settings = deps.settings;
    this.#log = deps.log;
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
      (await this.#repository.evidenceOfCase(caseId))?.id ?? (await this.#preserve(actor, caseId, post, userId, note));
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

  async evidenceList(limit: number) {
    return (await this.#repository.evidenceList(limit)).map(evidenceSummary);
  }

  /** The sealed manifest opened for a cleared reviewer, with the files' digests and the case's access log. */
  async evidence(viewer: Viewer, evidenceId: number) {
    const row = await this.#evidenceRow(viewer, evidenceId);
    const manifest = await this.#readSealed(row.manifestKey);
    await this.#logEvidence(viewer, row, 'evidence.view', {});
    const [files, access] = await Promise.all([this.#repository.files(evidenceId), this.#repository.accessLog(row.caseId, 50)]);
    return {
      evidence: evidenceSummary(row),
      files: files.map(({ sealedKey: _key, ...file }) => file),
      manifest: JSON.parse(manifest.toString('utf8')) as Record<string, unknown>,
      accessLog: access.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    };
  }

  /** One preserved file, decrypted and verified whole before a byte is sent. */
  async download(viewer: Viewer, evidenceId: number, position: number) {
    const row = await this.#evidenceRow(viewer, evidenceId);
    const file = (await this.#repository.files(evidenceId)).find((candidate) => candidate.position === position);
    if (!file) throw new AppError('not_found');
    const bytes = await this.#readSealed(file.sealedKey);
    await this.#logEvidence(viewer, row, 'evidence.download', { position, sha256: file.sha256 });
    return { bytes, fileName: file.fileName, contentType: file.contentType };
  }

  /** A legal hold keeps the evidence past its retention until lifted (a preservation request, a subpoena). */
  async setLegalHold(actor: Viewer, evidenceId: number, hold: boolean, reason: string) {
    const row = await this.#evidenceRow(actor, evidenceId);
    await this.#repository.transaction(async (trx) => {
      await this.#repository.setLegalHold(trx, evidenceId, hold, hold ? reason : '');
      await this.#audit.record(
        {
          actor,
          action: hold ? 'csam.legal-hold' : 'csam.legal-hold-lift',
          subjectType: 'csam_evidence',
          subjectId: evidenceId,
          caseId: row.caseId,
          details: { reason },
        },
        trx,
      );
    });
    const updated = await this.#repository.evidence(evidenceId);
    if (!updated) throw new AppError('not_found');
    return evidenceSummary(updated);
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

  /**
   * Job csam:purge-expired-evidence: evidence past its retention and not on hold is deleted, sealed files
   * first, each under a row lock so a hold set meanwhile wins. Returns how many were deleted.
   */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    let deleted = 0;
    for (const due of await this.#repository.due(now, PURGE_BATCH)) {
      const files = await this.#repository.files(due.id);
      const done = await this.#repository.transaction(async (trx) => {
        const locked = await this.#repository.lockEvidence(trx, due.id);
        if (!locked || locked.legalHold || locked.retainUntil > now) return false;
        for (const file of files) await this.#sealed.delete(file.sealedKey);
        await this.#sealed.delete(locked.manifestKey);
        await this.#repository.deleteIfDue(trx, due.id, now);
        await this.#audit.record(
          {
            actor: null,
            action: 'csam.evidence-expired',
            subjectType: 'csam_evidence',
            subjectId: due.id,
            caseId: due.caseId,
            details: { preservedAt: due.preservedAt.toISOString(), retainUntil: due.retainUntil.toISOString() },
          },
          trx,
        );
        return true;
      });
      if (done) deleted += 1;
    }
    return deleted;
  }

  async #preserve(
    actor: Viewer,
    caseId: number,
    post: Awaited<ReturnType<CsamRepository['post']>>,
    userId: number,
    note: string,
  ): Promise<number> {
    const now = new Date();
    const folder = `sealed/evidence/case-${caseId}-${randomUUID()}/`;
    const media = post ? await this.#repository.media(post.id) : [];
    const files: PreservedFile[] = [];
    for (const [position, item] of media.entries()) {
      const file = await this.#sealFile(item, `${folder}file-${position}`, position);
      if (file) files.push(file);
      else this.#log.warn({ caseId, mediaId: item.id }, 'no stored file left to preserve');
    }
    const [caseDetail, account, hashes] = await Promise.all([
      this.#cases.detail(caseId, actor),
      this.#repository.account(userId),
      this.#repository.hashes(media.map((item) => item.id)),
    ]);
    const manifest = buildManifest({
      caseDetail,
      account,
      post,
      media,
      hashes,
      files,
      confirmedBy: { id: actor.id, username: actor.username },
      note,
      now,
      baseUrl: this.#settings.baseUrl,
    });
    const manifestKey = `${folder}manifest.json`;
    await this.#sealed.put(manifestKey, Buffer.from(JSON.stringify(manifest)));
    return this.#repository.transaction(async (trx) => {
      const evidenceId = await this.#repository.insertEvidence(trx, {
        caseId,
        postId: post?.id ?? null,
        userId,
        confirmedBy: actor.id,
        note,
        manifestKey,
        preservedAt: now,
        retainUntil: new Date(now.getTime() + this.#settings.retentionDays * DAY_MS),
        files,
      });
      await this.#audit.record(
        {
          actor,
          action: 'csam.preserve',
          subjectType: 'csam_evidence',
          subjectId: evidenceId,
          caseId,
          details: { files: files.length, retentionDays: this.#settings.retentionDays },
        },
        trx,
      );
      return evidenceId;
    });
  }

  /** Streams the media's original (else its largest stored rendition) into a sealed copy, hashing the plain bytes. */
  async #sealFile(item: SubjectMedia, sealedKey: string, position: number): Promise<PreservedFile | undefined> {
    const candidates = [item.originalKey, ...Object.values(item.variants).map((variant) => variant.key)].filter(
      (key): key is string => Boolean(key),
    );
    for (const sourceKey of candidates) {
      const source = await this.#storage.get(sourceKey);
      if (!source) continue;
      const sha256 = createHash('sha256');
      const md5 = createHash('md5');
      let bytes = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sha256.update(chunk);
          md5.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // A failing read destroys the hashing stream, and with it the sealed write: no partial copy is kept.
      pipeline(source, hashing, () => {});
      await this.#sealed.put(sealedKey, hashing);
      return {
        position,
        mediaId: item.id,
        mediaName: item.name,
        sourceKey,
        sealedKey,
        fileName: sourceKey.slice(sourceKey.lastIndexOf('/') + 1),
        contentType: sourceKey === item.originalKey ? item.mimeType : (variantOfKey(item, sourceKey)?.mime ?? item.mimeType),
        bytes,
        sha256: sha256.digest('hex'),
        md5: md5.digest('hex'),
      };
    }
    return undefined;
  }

  async #report(actor: Actor, caseId: number, evidenceId: number) {
    const row = await this.#repository.evidence(evidenceId);
    if (!row) throw new AppError('not_found');
    const manifest = JSON.parse((await this.#readSealed(row.manifestKey)).toString('utf8')) as EvidenceManifest;
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

  async #evidenceRow(viewer: Actor, evidenceId: number) {
    const row = await this.#repository.evidence(evidenceId);
    if (!row || !(await this.#cases.clearedForRestricted(viewer))) throw new AppError('not_found');
    return row;
  }

  async #logEvidence(
    viewer: Viewer,
    row: { id: number; caseId: number },
    action: 'evidence.view' | 'evidence.download',
    detail: Record<string, unknown>,
  ) {
    await this.#repository.logAccess({
      caseId: row.caseId,
      evidenceId: row.id,
      actorId: viewer.id,
      actorUsername: viewer.username,
      action,
      detail,
      ip: viewer.ip,
    });
  }

  async #readSealed(key: string): Promise<Buffer> {
    try {
      const bytes = await this.#sealed.read(key);
      if (!bytes) throw new AppError('csam_evidence_unreadable');
      return bytes;
    } catch (error) {
      if (error instanceof SealedError) throw new AppError('csam_evidence_unreadable');
      throw error;
    }
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

function variantOfKey(item: SubjectMedia, key: string) {
  return Object.values(item.variants).find((variant) => variant.key === key);
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

function evidenceSummary(row: Awaited<ReturnType<CsamRepository['evidenceList']>>[number]) {
  return {
    id: row.id,
    caseId: row.caseId,
    postId: row.postId,
    userId: row.userId,
    note: row.note,
    preservedAt: row.preservedAt.toISOString(),
    retainUntil: row.retainUntil.toISOString(),
    legalHold: row.legalHold,
    legalHoldReason: row.legalHoldReason,
  };
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
