import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import type { Decision, GuestDecisions, VerificationService } from '../verification/verification.service.ts';
import { releaseTokenHash } from './manifest.service.ts';
import { postMediaDigests } from './media-digests.ts';
import { requireScopes } from './performer-answers.service.ts';
import { presentRelease } from './performer-view.ts';
import { type PerformerRow, PerformersRepository } from './performers.repository.ts';
import type { ReleaseAnswer, ReleaseBody } from './performers-schema.ts';
import type { ReleaseMail } from './release-mail.ts';
import type { Withdrawals, Witness } from './withdrawal.ts';

const DAY_MS = 86_400_000;

export interface GuestReleaseDeps {
  readonly repository: PerformersRepository;
  readonly storage: Storage;
  readonly verification: Pick<VerificationService, 'submitGuest'>;
  readonly notifications: Pick<NotificationService, 'performerNotice'>;
  readonly withdrawals: Withdrawals;
  readonly mail: ReleaseMail;
  readonly releaseLinkDays: number;
  readonly now?: () => Date;
}

/** A signature matches the legal name whatever the case and spacing. */
const signatureOf = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * A person without an account (README.md "Guest release"): the link in their e-mail is the credential. They
 * read what they are asked, send their identity with their consent and typed signature (queued in the
 * console's verification review), and may later withdraw. A moderator's approval clears them.
 */
export class GuestReleaseService implements GuestDecisions {
  readonly #deps: GuestReleaseDeps;
  readonly #now: () => Date;

  constructor(deps: GuestReleaseDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  async read(token: string): Promise<ReleaseAnswer> {
    return this.#answer(await this.#byToken(token, { forAnswer: false }));
  }

  async submit(token: string, body: ReleaseBody, witness: Witness): Promise<ReleaseAnswer> {
    const { repository, storage, verification } = this.#deps;
    const row = await this.#byToken(token, { forAnswer: true });
    const scopes = requireScopes(body.scopes);
    if (signatureOf(body.signature) !== signatureOf(body.legalName)) throw new AppError('release_signature_mismatch');
    // Once more after a rejected identity: the consent stands, a new identity is sent for review.
    const again = row.state === 'consented' && row.identityId === null;
    if (row.state !== 'pending' && !again) throw new AppError('performer_answered');
    if (await repository.guestSubmissionPending(row.id)) throw new AppError('release_in_review');
    const mediaSha256 = await postMediaDigests(repository, storage, row.postId);
    await verification.submitGuest(
      { performerId: row.id, postId: row.postId },
      {
        legalName: body.legalName,
        dateOfBirth: body.dateOfBirth,
        aliases: body.aliases,
        documentFront: body.documentFront,
        ...(body.documentBack === undefined ? {} : { documentBack: body.documentBack }),
        selfie: body.selfie,
      },
    );
    await repository.transaction(async (trx) => {
      await trx.setAnswer(row.id, { state: 'consented', scopes });
      await trx.recordEvent({
        performerId: row.id,
        kind: 'consent',
        scopes,
        signature: body.signature.trim(),
        mediaSha256,
        ip: witness.ip,
        userAgent: witness.userAgent,
      });
    });
    return this.read(token);
  }

  async withdraw(token: string, reason: string, witness: Witness): Promise<ReleaseAnswer> {
    const row = await this.#byToken(token, { forAnswer: false });
    await this.#deps.withdrawals.withdraw(
      row,
      { userId: null, email: row.guestEmail, signature: row.guestName ?? '' },
      reason.trim(),
      witness,
    );
    return this.read(token);
  }

  async approved(trx: Db, performerId: number, identityId: number): Promise<void> {
    const repository = new PerformersRepository(trx);
    const locked = await repository.lockPerformer(performerId);
    if (!locked) return;
    await repository.setIdentity(performerId, identityId);
    await repository.releaseIfCleared(locked.post_id);
  }

  /** Approval: the creator hears when their post is released. Rejection: the creator, and the guest with a new link. */
  async decided(performerId: number, decision: Decision): Promise<void> {
    const { repository, notifications, mail } = this.#deps;
    const row = await repository.performer(performerId);
    const post = row && (await repository.post(row.postId));
    if (!row || !post) return;
    if (decision.outcome === 'approved') {
      const rows = await repository.performersOf(post.id);
      if (rows.every((other) => other.state === 'consented' && other.identityId !== null)) {
        await notifications.performerNotice(post.userId, performerId, post.id, 'cleared', null);
      }
      return;
    }
    await notifications.performerNotice(post.userId, performerId, post.id, 'release-rejected', null);
    const creator = await repository.creator(post.userId);
    if (!row.guestEmail || !creator) return;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.#now().getTime() + this.#deps.releaseLinkDays * DAY_MS);
    await repository.setReleaseToken(performerId, releaseTokenHash(token), expiresAt);
    await mail.send(
      'release-rejected',
      {
        to: row.guestEmail,
        guestName: row.guestName ?? '',
        creator: creator.username,
        title: post.title,
        token,
        locale: creator.lang,
        expiresAt,
      },
      decision.reason,
    );
  }

  /**
   * The guest's row behind a link. An unknown token is release_link_invalid. An expired one is refused while
   * nothing was given yet (`forAnswer`: also when the identity must be sent again); a guest who consented
   * keeps reading and withdrawing through it, since taking consent back must always be possible.
   */
  async #byToken(token: string, { forAnswer }: { forAnswer: boolean }): Promise<PerformerRow> {
    const row = await this.#deps.repository.performerByToken(releaseTokenHash(token));
    if (row?.kind !== 'guest') throw new AppError('release_link_invalid');
    const post = await this.#deps.repository.post(row.postId);
    if (!post) throw new AppError('release_link_invalid');
    const expired = row.releaseExpiresAt === null || row.releaseExpiresAt.getTime() <= this.#now().getTime();
    if (expired && (forAnswer || row.state === 'pending')) throw new AppError('release_link_expired');
    return row;
  }

  async #answer(row: PerformerRow): Promise<ReleaseAnswer> {
    const [post] = await this.#deps.repository.askedPosts([row.postId]);
    if (!post) throw new AppError('release_link_invalid');
    return { statusCode: 2, release: presentRelease(row, post) };
  }
}
