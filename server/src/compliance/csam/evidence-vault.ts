import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { Actor, AuditLog } from '../../moderation/audit-log.ts';
import type { CaseService } from '../../moderation/cases.service.ts';
import { SealedError } from '../sealed/sealed-error.ts';
import type { SealedStore } from '../sealed/sealed-store.ts';
import type { CsamRepository, SubjectMedia } from './csam.repository.ts';
import { buildManifest, type EvidenceManifest, type PreservedFile } from './evidence-manifest.ts';

const DAY_MS = 86_400_000;
const PURGE_BATCH = 100;

/** A staff member looking at restricted material: who, and from where (the access log's row). */
export type Viewer = Actor & { readonly ip: string };

/**
 * The sealed evidence of confirmed cases (README.md "Preservation"): preserved, opened, downloaded, held
 * and purged after its retention. Every look at it is access-logged; only staff cleared for restricted
 * cases reach it.
 */
export class EvidenceVault {
  readonly #repository: CsamRepository;
  readonly #cases: CaseService;
  readonly #audit: AuditLog;
  readonly #storage: Storage;
  readonly #sealed: SealedStore;
  readonly #settings: { readonly retentionDays: number; readonly baseUrl: string };
  readonly #log: Logger;

  constructor(deps: {
    repository: CsamRepository;
    cases: CaseService;
    audit: AuditLog;
    storage: Storage;
    sealed: SealedStore;
    settings: { readonly retentionDays: number; readonly baseUrl: string };
    log: Logger;
  }) {
    this.#repository = deps.repository;
    this.#cases = deps.cases;
    this.#audit = deps.audit;
    this.#storage = deps.storage;
    this.#sealed = deps.sealed;
    this.#settings = deps.settings;
    this.#log = deps.log;
  }

  /** The preserved manifest of an evidence row, as the CyberTipline report is built from it. */
  async manifest(evidenceId: number): Promise<EvidenceManifest> {
    const row = await this.#repository.evidence(evidenceId);
    if (!row) throw new AppError('not_found');
    return JSON.parse((await this.#readSealed(row.manifestKey)).toString('utf8')) as EvidenceManifest;
  }

  async list(limit: number) {
    return (await this.#repository.evidenceList(limit)).map(evidenceSummary);
  }

  /** The sealed manifest opened for a cleared reviewer, with the files' digests and the case's access log. */
  async view(viewer: Viewer, evidenceId: number) {
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

  /** Seals the case's media and a manifest of it, and records the evidence row; answers its id. */
  async preserve(
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

export function evidenceSummary(row: Awaited<ReturnType<CsamRepository['evidenceList']>>[number]) {
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

function variantOfKey(item: SubjectMedia, key: string) {
  return Object.values(item.variants).find((variant) => variant.key === key);
}
