import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor, AuditEntryInput } from '../../moderation/audit-log.ts';
import type { CaseIntake, OpenedCase } from '../../moderation/cases.service.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { SEALED_PREFIX, type SealedStore } from '../sealed/sealed-store.ts';
import { assertAdult } from './identity-age.ts';
import type { IdentityFingerprints } from './identity-fingerprint.ts';
import { checkIdentityImage } from './identity-images.ts';
import {
  type IdentityProvider,
  manualIdentityProvider,
  type ProvidedIdentity,
  type ProviderCallback,
} from './identity-provider.ts';
import type { SubmissionRow, VerificationRepository } from './verification.repository.ts';
import type { DocumentKind, SealedDocument } from './verification.tables.ts';
import type { IdentityStanding, IdentityStart, SubmissionBody } from './verification-schema.ts';

/** Spec §1 account types that are verified: verified (3), partner (5), channel (6). */
export const VERIFIED_TYPES: readonly number[] = [3, 5, 6];
export const IDENTITY_PREFIX = `${SEALED_PREFIX}identity/`;
/** Notices in the creator's notifications (web: notification-text.ts). */
export const IDENTITY_NOTICES = { approved: 'identity-approved', rejected: 'identity-rejected' } as const;

export interface VerificationDeps {
  readonly repository: VerificationRepository;
  readonly sealed: SealedStore;
  readonly fingerprints: IdentityFingerprints;
  /** The first one starts new verifications; every one may answer its callbacks. */
  readonly providers: readonly IdentityProvider[];
  readonly cases: { open(intake: CaseIntake): Promise<OpenedCase> };
  readonly audit: { record(entry: AuditEntryInput, trx?: VerificationRepository['db']): Promise<unknown> };
  readonly notifications: Pick<NotificationService, 'moderationNotice'>;
  readonly baseUrl: string;
  /** Guest performers' releases, bound once performer manifests are wired (they need this service first). */
  readonly guests?: () => GuestDecisions;
  /** UPLOADS_REQUIRE_VERIFICATION, for the standing's `mayUpload`. */
  readonly uploadsRequireVerification: boolean;
  readonly log: Logger;
}

export type Decision = { readonly outcome: 'approved' } | { readonly outcome: 'rejected'; readonly reason: string };

/** A guest performer sending their identity through a release link (compliance/performers/). */
export interface GuestPerformer {
  readonly performerId: number;
  readonly postId: number;
}

/** What performer manifests do when a guest's identity is decided (compliance/performers/guest-release.service.ts). */
export interface GuestDecisions {
  /** Inside the decision's transaction: the new identity is the guest's, and their post may be released. */
  approved(trx: Db, performerId: number, identityId: number): Promise<void>;
  /** After it committed: the creator and the guest are told. */
  decided(performerId: number, decision: Decision): Promise<void>;
}

const normalised = (identity: ProvidedIdentity): ProvidedIdentity => ({
  legalName: identity.legalName.trim().replace(/\s+/g, ' '),
  dateOfBirth: identity.dateOfBirth,
  aliases: [...new Set(identity.aliases.map((alias) => alias.trim().replace(/\s+/g, ' ')).filter(Boolean))],
});

/**
 * Creator verification (README.md): a creator starts with the configured identity provider, submits their
 * identity here when that provider is the manual one, and a moderator (or a vendor's callback) decides.
 * Approval writes the performer record and makes the account type 3; a person whose verified account was
 * banned is refused on any new account.
 */
export class VerificationService {
  readonly #deps: VerificationDeps;

  constructor(deps: VerificationDeps) {
    this.#deps = deps;
  }

  async standing(userId: number): Promise<IdentityStanding> {
    const { repository } = this.#deps;
    const [account, latest] = await Promise.all([repository.account(userId), repository.latest(userId)]);
    const verified = VERIFIED_TYPES.includes(account?.type ?? 0);
    return {
      statusCode: 2,
      verified,
      mayUpload: verified || !this.#deps.uploadsRequireVerification,
      submission: latest
        ? {
            // A refusal reads as a rejection to the creator; only moderators see that it matched a ban.
            state: latest.state === 'refused' ? 'rejected' : latest.state,
            createdDate: latest.createdAt.toISOString(),
            decidedDate: latest.decidedAt?.toISOString() ?? null,
            reason: latest.state === 'rejected' ? latest.reason : null,
          }
        : null,
    };
  }

  async start(userId: number): Promise<IdentityStart> {
    const { repository, providers, baseUrl } = this.#deps;
    const account = await this.#unverifiedAccount(userId);
    const provider = providers[0] ?? manualIdentityProvider;
    const next = await provider.start({
      userId,
      username: account.username,
      email: account.email,
      returnUrl: `${baseUrl}/creators#verification`,
    });
    if (next.kind === 'collect') return { statusCode: 2, next: 'collect', url: null };
    const id = await repository.insert({ userId, provider: provider.name, state: 'started', vendorReference: next.reference });
    if (id === undefined) throw new AppError('identity_pending');
    return { statusCode: 2, next: 'redirect', url: next.url };
  }

  /** The manual provider's form: checked, sealed, queued for a moderator. */
  async submit(userId: number, body: SubmissionBody): Promise<IdentityStanding> {
    await this.#unverifiedAccount(userId);
    await this.#queue({ userId }, body);
    return this.standing(userId);
  }

  /**
   * A guest performer's identity from their release link (compliance/performers/): checked and sealed the
   * same way, queued for the same review with `guest_performer_id` set and no account.
   */
  async submitGuest(guest: GuestPerformer, body: SubmissionBody): Promise<void> {
    await this.#queue(guest, body);
  }

  async #queue(who: { readonly userId: number } | GuestPerformer, body: SubmissionBody): Promise<void> {
    const { repository, sealed, fingerprints } = this.#deps;
    const identity = normalised(body);
    assertAdult(identity.dateOfBirth);
    const pictures: [DocumentKind, string | undefined][] = [
      ['document-front', body.documentFront],
      ['document-back', body.documentBack],
      ['selfie', body.selfie],
    ];
    const checked = [];
    for (const [kind, base64] of pictures) {
      if (base64 !== undefined) checked.push({ kind, image: await checkIdentityImage(Buffer.from(base64, 'base64')) });
    }
    const fingerprint = await fingerprints.of(identity.legalName, identity.dateOfBirth);
    const folder = `${IDENTITY_PREFIX}${randomBytes(16).toString('hex')}/`;
    const documents: SealedDocument[] = [];
    for (const { kind, image } of checked) {
      const key = `${folder}${kind}.jpg`;
      await sealed.put(key, image.bytes);
      documents.push({ kind, key, width: image.width, height: image.height, bytes: image.bytes.length });
    }
    const banned = await repository.isBanned(fingerprint);
    const id = await repository.insert({
      ...('userId' in who ? { userId: who.userId } : { userId: null, guestPerformerId: who.performerId }),
      provider: manualIdentityProvider.name,
      state: banned ? 'refused' : 'pending',
      identity,
      fingerprint,
      documents,
      flag: banned ? 'banned_identity' : undefined,
    });
    if (id === undefined) {
      for (const document of documents) await sealed.delete(document.key);
      throw new AppError('identity_pending');
    }
    if (banned) {
      await this.#flagBannedIdentity('userId' in who ? { userId: who.userId } : { postId: who.postId }, id);
      throw new AppError('identity_banned');
    }
  }

  /** A vendor's signed answer for a session this app started. Answers again (vendors retry) change nothing. */
  async callback(providerName: string, callback: ProviderCallback): Promise<void> {
    const { repository, providers, fingerprints, log } = this.#deps;
    const provider = providers.find((candidate) => candidate.name === providerName);
    if (!provider?.receiveCallback) throw new AppError('not_found');
    const decision = await provider.receiveCallback(callback);
    const submission = await repository.started(provider.name, decision.reference);
    if (!submission) {
      log.info({ provider: provider.name, reference: decision.reference }, 'identity callback for no waiting session');
      return;
    }
    if (decision.outcome === 'rejected') {
      await this.decide(submission, { outcome: 'rejected', reason: decision.reason }, null);
      return;
    }
    const identity = normalised(decision.identity);
    const fingerprint = await fingerprints.of(identity.legalName, identity.dateOfBirth);
    let adult = true;
    try {
      assertAdult(identity.dateOfBirth);
    } catch {
      adult = false;
    }
    const banned = await repository.isBanned(fingerprint);
    await repository.complete(
      submission.id,
      identity,
      fingerprint,
      banned ? 'refused' : 'pending',
      banned ? 'banned_identity' : null,
    );
    if (banned) return this.#flagBannedIdentity({ userId: submission.userId }, submission.id);
    const completed = await repository.submission(submission.id);
    if (!completed) return;
    await this.decide(completed, adult ? { outcome: 'approved' } : { outcome: 'rejected', reason: 'underage' }, null);
  }

  /**
   * Settles a pending submission: approval records the performer and makes the account verified; either
   * way the decision is audited in the same transaction and the creator notified after it. `actor` null:
   * a vendor decided. identity_decided when someone else settled it first.
   */
  async decide(submission: SubmissionRow, decision: Decision, actor: Actor | null): Promise<void> {
    const { repository, audit, notifications } = this.#deps;
    const reason = decision.outcome === 'rejected' ? decision.reason : null;
    const guest = submission.guest;
    const guests = this.#deps.guests?.();
    await repository.transaction(async (trx) => {
      if (!(await trx.decide(submission.id, decision.outcome, actor?.id ?? null, reason))) throw new AppError('identity_decided');
      if (decision.outcome === 'approved') {
        const identityId = await trx.recordPerformer(submission, actor?.id ?? null);
        if (guest) await guests?.approved(trx.db, guest.performerId, identityId);
      }
      await audit.record(
        {
          actor,
          action: decision.outcome === 'approved' ? 'identity.approve' : 'identity.reject',
          ...(guest
            ? { subjectType: 'post', subjectId: guest.postId }
            : { subjectType: 'user', subjectId: submission.userId ?? undefined }),
          details: {
            submissionId: submission.id,
            provider: submission.provider,
            ...(guest ? { guestPerformerId: guest.performerId } : {}),
            ...(reason ? { reason } : {}),
          },
        },
        trx.db,
      );
    });
    if (guest) await guests?.decided(guest.performerId, decision);
    else if (submission.userId !== null) {
      await notifications.moderationNotice(submission.userId, null, IDENTITY_NOTICES[decision.outcome]);
    }
  }

  async #unverifiedAccount(userId: number) {
    const account = await this.#deps.repository.account(userId);
    if (!account) throw new AppError('login_required');
    if (VERIFIED_TYPES.includes(account.type)) throw new AppError('already_verified');
    const latest = await this.#deps.repository.latest(userId);
    if (latest?.state === 'pending' || latest?.state === 'started') throw new AppError('identity_pending');
    return account;
  }

  /** A banned person trying again: moderators get a restricted case about the new account (or the guest's post). */
  async #flagBannedIdentity(subject: { userId: number | null } | { postId: number }, submissionId: number): Promise<void> {
    const { cases, log } = this.#deps;
    await cases.open({
      kind: 'automated',
      category: 'other',
      subject,
      reporter: { locale: 'en' },
      text: `Identity verification #${submissionId} refused: it matches the verified identity of a banned account.`,
      details: { check: 'banned-identity', submissionId },
      ip: '',
      restricted: true,
    });
    log.warn({ ...subject, submissionId }, 'identity verification refused: banned identity');
  }
}
