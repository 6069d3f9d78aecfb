import { stillOf } from '../../notifications/notification-view.ts';
import { variantUrls } from '../../posts/post-card.ts';
import { PostStatus } from '../../posts/post-status.ts';
import type { AskedPostRow, PerformerRow } from './performers.repository.ts';
import type { ConsentScopeValue, ManifestPerformer, PerformerRequest, Release } from './performers-schema.ts';

export const REQUIRED_SCOPES: readonly ConsentScopeValue[] = ['depicted', 'distribution'];

export const isCleared = (row: Pick<PerformerRow, 'state' | 'identityId'>): boolean =>
  row.state === 'consented' && row.identityId !== null;

/** What a performer is asked to consent to: downloads only when the post offers them. */
export const scopesAsked = (post: Pick<AskedPostRow, 'allowDownloads'>): ConsentScopeValue[] =>
  post.allowDownloads ? [...REQUIRED_SCOPES, 'downloads'] : [...REQUIRED_SCOPES];

export function presentManifestPerformer(row: PerformerRow, now: Date): ManifestPerformer {
  const guest = row.kind === 'guest';
  return {
    id: row.id,
    kind: row.kind,
    username: guest ? null : row.username,
    displayName: guest ? null : row.displayName,
    avatar: guest ? {} : variantUrls(row.avatarVariants),
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    releaseExpired:
      guest && row.state === 'pending' && row.releaseExpiresAt !== null && row.releaseExpiresAt.getTime() <= now.getTime(),
    releaseInReview: guest && row.submissionState === 'pending',
    state: row.state,
    scopes: row.scopes,
    cleared: isCleared(row),
  };
}

/**
 * The post as the person asked sees it. `mayShowMedia`: whether this viewer may load the post's media
 * (a published post, or a tagged account of an unpublished one: media/media-access.ts); otherwise no
 * thumbnail is named at all.
 */
function askedPost(post: AskedPostRow, mayShowMedia: boolean) {
  const still = mayShowMedia && post.variants ? stillOf(post.variants) : '';
  return { id: post.id, title: post.title, status: post.status, thumbnail: still || null };
}

const creatorOf = (post: AskedPostRow) => ({
  username: post.username,
  displayName: post.displayName,
  avatar: variantUrls(post.avatarVariants),
});

export function presentRequest(row: PerformerRow, post: AskedPostRow): PerformerRequest {
  const mayShowMedia = post.status === PostStatus.published || row.state === 'pending' || row.state === 'consented';
  return {
    performerId: row.id,
    state: row.state,
    scopes: row.scopes,
    scopesAsked: scopesAsked(post),
    post: askedPost(post, mayShowMedia),
    creator: creatorOf(post),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** A guest without an account sees the post's media only when everyone may. */
export function presentRelease(row: PerformerRow, post: AskedPostRow): Release {
  const submission = row.submissionState;
  return {
    guestName: row.guestName ?? '',
    state: row.state,
    scopes: row.scopes,
    scopesAsked: scopesAsked(post),
    post: askedPost(post, post.status === PostStatus.published),
    creator: creatorOf(post),
    expiresAt: row.releaseExpiresAt?.toISOString() ?? new Date(0).toISOString(),
    submission:
      submission === 'pending' || submission === 'started'
        ? 'pending'
        : submission === 'approved'
          ? 'approved'
          : submission === 'rejected' || submission === 'refused'
            ? 'rejected'
            : 'none',
    rejectionReason: submission === 'rejected' ? row.submissionReason : null,
  };
}
