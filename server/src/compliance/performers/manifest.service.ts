import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { RoleService } from '../../moderation/roles.service.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { postMediaDigests } from './media-digests.ts';
import { isCleared, presentManifestPerformer, REQUIRED_SCOPES } from './performer-view.ts';
import { type ManifestPostRow, type PerformerRow, PerformersRepository } from './performers.repository.ts';
import type { ManifestAnswer, ManifestBody } from './performers-schema.ts';
import type { ReleaseMail } from './release-mail.ts';

/** Posts whose manifest is settled for good: their files are gone. */
const FINAL: readonly number[] = [PostStatus.removed, PostStatus.blocked];
const DAY_MS = 86_400_000;
/** The furthest ahead of UTC a creator's calendar can be (UTC+14): "today" there is not in the future. */
const LATEST_ZONE_MS = 14 * 3_600_000;

export const releaseTokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

export interface ManifestDeps {
  readonly repository: PerformersRepository;
  readonly notifications: Pick<NotificationService, 'performerNotice'>;
  readonly roles: Pick<RoleService, 'has'>;
  readonly mail: ReleaseMail;
  readonly storage: Storage;
  readonly releaseLinkDays: number;
  readonly now?: () => Date;
}

type Wanted =
  | { readonly kind: 'self' }
  | { readonly kind: 'account'; readonly userId: number }
  | { readonly kind: 'guest'; readonly name: string; readonly email: string };

/** A guest whose release link is to be e-mailed once the manifest is saved. */
interface LinkToSend {
  readonly performerId: number;
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * The creator's side (README.md "Manifest"): who appears in a post, declared by its owner. New tagged
 * accounts are asked in their notifications, new guests get a release link by e-mail; a published post
 * that gains someone not yet cleared waits again (13), and a held post whose last uncleared performer
 * goes is released.
 */
export class ManifestService {
  readonly #deps: ManifestDeps;
  readonly #now: () => Date;

  constructor(deps: ManifestDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /** The owner, or a moderator; anyone else learns nothing, not even that the post exists. */
  async read(viewerId: number, postId: number): Promise<ManifestAnswer> {
    const post = await this.#deps.repository.post(postId);
    if (!post) throw new AppError('not_found');
    if (post.userId !== viewerId && !(await this.#deps.roles.has(viewerId, 'moderator'))) throw new AppError('not_found');
    return this.#answer(this.#deps.repository, post, post.userId === viewerId);
  }

  async replace(ownerId: number, postId: number, body: ManifestBody): Promise<ManifestAnswer> {
    const { repository, notifications } = this.#deps;
    assertProducedOn(body.producedOn, this.#now());
    const wanted = await this.#wanted(ownerId, body);
    const outcome = await repository.transaction(async (trx) => {
      const post = await trx.post(postId, true);
      if (!post || post.userId !== ownerId) throw new AppError('not_found');
      if (FINAL.includes(post.status)) throw new AppError('conflict');
      const current = await trx.performersOf(postId);
      const kept = new Set<number>();
      const added: Wanted[] = [];
      for (const person of wanted) {
        const match = current.find((row) => samePerson(row, person));
        if (match) kept.add(match.id);
        else added.push(person);
      }
      const removed = current.filter((row) => !kept.has(row.id));
      // Who took their consent back stays on record whatever the post's state: the case about it decides.
      const locked = (row: PerformerRow) =>
        row.state === 'withdrawn' || (row.state === 'consented' && post.status === PostStatus.published);
      if (removed.some(locked)) throw new AppError('performer_consented_locked');
      await trx.deletePerformers(removed.map((row) => row.id));
      await trx.setProducedOn(postId, body.producedOn);
      const asked: number[] = [];
      const links: LinkToSend[] = [];
      for (const person of added) {
        const outcome = await this.#add(trx, post, person);
        if (outcome.asked) asked.push(outcome.asked);
        if (outcome.link) links.push(outcome.link);
      }
      const after = await trx.performersOf(postId);
      if (after.some((row) => !isCleared(row))) await trx.holdPublished(postId);
      const released = await trx.releaseIfCleared(postId);
      return { post, asked, links, released };
    });
    for (const performerId of outcome.asked) {
      const row = await repository.performer(performerId);
      if (row?.userId) await notifications.performerNotice(row.userId, performerId, postId, 'request', ownerId);
    }
    for (const link of outcome.links) await this.#sendLink(outcome.post, link);
    return this.read(ownerId, postId);
  }

  /** A guest's release link again, new and valid for another RELEASE_LINK_DAYS; the old one stops working. */
  async resend(ownerId: number, performerId: number): Promise<ManifestAnswer> {
    const { repository } = this.#deps;
    const row = await repository.performer(performerId);
    const post = row && (await repository.post(row.postId));
    if (!row || !post || post.userId !== ownerId) throw new AppError('not_found');
    if (row.kind !== 'guest' || row.identityId !== null || row.state === 'withdrawn') throw new AppError('performer_answered');
    const link = this.#newLink(row.id);
    await repository.setReleaseToken(row.id, releaseTokenHash(link.token), link.expiresAt);
    await this.#sendLink(post, link);
    return this.read(ownerId, post.id);
  }

  /**
   * The creator is in what they upload: a verified creator's new post starts with them on its manifest,
   * cleared, their consent on record (signed with their username, with the files' SHA-256). Runs inside
   * the upload's transaction; an unverified creator's post gets no manifest.
   */
  async recordCreator(trx: Db, postId: number, ownerId: number, mediaSha256: string[]): Promise<void> {
    const repository = new PerformersRepository(trx);
    const identityId = await repository.identityOf(ownerId);
    const creator = identityId === undefined ? undefined : await repository.creator(ownerId);
    if (identityId === undefined || !creator) return;
    const scopes = [...REQUIRED_SCOPES];
    const performerId = await repository.insertPerformer({
      postId,
      kind: 'self',
      userId: ownerId,
      identityId,
      state: 'consented',
      scopes,
    });
    await recordCreatorConsent(repository, performerId, creator.username, mediaSha256);
  }

  async #answer(repository: PerformersRepository, post: ManifestPostRow, owner: boolean): Promise<ManifestAnswer> {
    const fresh = (await repository.post(post.id)) ?? post;
    const rows = await repository.performersOf(post.id);
    const now = this.#now();
    return {
      statusCode: 2,
      postId: post.id,
      postStatus: fresh.status,
      producedOn: fresh.producedOn,
      performers: rows.map((row) => presentManifestPerformer(row, now)),
      ready: rows.every(isCleared),
      editable: owner && !FINAL.includes(fresh.status),
    };
  }

  /** The body's people resolved to accounts; unknown usernames and people named twice are refused. */
  async #wanted(ownerId: number, body: ManifestBody): Promise<Wanted[]> {
    const usernames = body.performers.flatMap((person) => (person.kind === 'account' ? [person.username.trim()] : []));
    const accounts = await this.#deps.repository.accountsNamed(usernames);
    const byName = new Map(accounts.map((account) => [account.username.toLowerCase(), account.id]));
    const wanted: Wanted[] = body.performers.map((person) => {
      if (person.kind === 'self') return { kind: 'self' };
      if (person.kind === 'guest') {
        return { kind: 'guest', name: person.name.trim().replace(/\s+/g, ' '), email: person.email.trim().toLowerCase() };
      }
      const userId = byName.get(person.username.trim().toLowerCase());
      if (userId === undefined) {
        throw new AppError('performer_account_unknown', { details: [{ field: 'username', problem: person.username }] });
      }
      return userId === ownerId ? { kind: 'self' } : { kind: 'account', userId };
    });
    const keys = wanted.map((person) =>
      person.kind === 'self' ? 'self' : person.kind === 'account' ? `account:${person.userId}` : `guest:${person.email}`,
    );
    if (new Set(keys).size !== keys.length) throw new AppError('performer_duplicate');
    return wanted;
  }

  async #add(trx: PerformersRepository, post: ManifestPostRow, person: Wanted): Promise<{ asked?: number; link?: LinkToSend }> {
    if (person.kind === 'self') {
      // The creator's own consent is their upload; it clears once they are verified.
      const identityId = await trx.identityOf(post.userId);
      const creator = await trx.creator(post.userId);
      const cleared = identityId !== undefined;
      const scopes = [...REQUIRED_SCOPES];
      const mediaSha256 = cleared ? await postMediaDigests(trx, this.#deps.storage, post.id) : [];
      const performerId = await trx.insertPerformer({
        postId: post.id,
        kind: 'self',
        userId: post.userId,
        identityId: identityId ?? null,
        state: cleared ? 'consented' : 'pending',
        scopes: cleared ? scopes : [],
      });
      if (cleared && creator) await recordCreatorConsent(trx, performerId, creator.username, mediaSha256);
      return {};
    }
    if (person.kind === 'account') {
      return { asked: await trx.insertPerformer({ postId: post.id, kind: 'account', userId: person.userId }) };
    }
    const performerId = await trx.insertPerformer({
      postId: post.id,
      kind: 'guest',
      guestName: person.name,
      guestEmail: person.email,
    });
    const link = this.#newLink(performerId);
    await trx.setReleaseToken(performerId, releaseTokenHash(link.token), link.expiresAt);
    return { link };
  }

  #newLink(performerId: number): LinkToSend {
    return {
      performerId,
      token: randomBytes(32).toString('base64url'),
      expiresAt: new Date(this.#now().getTime() + this.#deps.releaseLinkDays * DAY_MS),
    };
  }

  async #sendLink(post: ManifestPostRow, link: LinkToSend): Promise<void> {
    const { repository, mail } = this.#deps;
    const [row, creator] = await Promise.all([repository.performer(link.performerId), repository.creator(post.userId)]);
    if (!row?.guestEmail || !creator) return;
    await mail.send('guest-release', {
      to: row.guestEmail,
      guestName: row.guestName ?? '',
      creator: creator.username,
      title: post.title,
      token: link.token,
      locale: creator.lang,
      expiresAt: link.expiresAt,
    });
  }
}

function samePerson(row: PerformerRow, person: Wanted): boolean {
  if (person.kind === 'self') return row.kind === 'self';
  if (person.kind === 'account') return row.kind === 'account' && row.userId === person.userId;
  return row.kind === 'guest' && row.guestEmail?.toLowerCase() === person.email;
}

/** production_date_invalid for a day that does not exist, lies ahead, or before 1900. */
function assertProducedOn(day: string, now: Date): void {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  const real = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  if (!real || year < 1900 || at.getTime() > now.getTime() + LATEST_ZONE_MS) throw new AppError('production_date_invalid');
}

/** The creator's own consent is their upload: signed with their username and the files' SHA-256, from no browser. */
function recordCreatorConsent(
  repository: PerformersRepository,
  performerId: number,
  username: string,
  mediaSha256: string[],
): Promise<void> {
  return repository.recordEvent({
    performerId,
    kind: 'consent',
    scopes: [...REQUIRED_SCOPES],
    signature: username,
    mediaSha256,
    ip: '',
    userAgent: '',
  });
}
