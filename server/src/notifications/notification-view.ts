import type { MediaVariant } from '../db/schema.ts';
import { mediaUrl, variantUrls } from '../posts/post-card.ts';
import { postPath } from '../posts/slug.ts';
import type { NotificationPost, NotificationUser, NotificationView, PerformerNotice } from '../realtime/events.ts';
import type { ActorRow, NotificationRow, NotificationsRepository, NotifiedMediaRow } from './notifications.repository.ts';

const SUFFIX: Record<number, '' | '-gay' | '-trans'> = { 2: '-gay', 3: '-trans' };
/** Smallest still first: a notification shows a thumbnail. */
const STILL_PREFERENCE = ['thumb', 'listing', 'poster'];

/** The URL of the smallest still among a media file's variants (WebP first), empty without one. */
export function stillOf(variants: Record<string, MediaVariant>): string {
  const names = Object.keys(variants);
  for (const prefix of STILL_PREFERENCE) {
    const name =
      names.find((candidate) => candidate.startsWith(prefix) && variants[candidate]?.mime === 'image/webp') ??
      names.find((candidate) => candidate.startsWith(prefix));
    const variant = name ? variants[name] : undefined;
    if (variant) return mediaUrl(variant.key);
  }
  return '';
}

function toUser(row: ActorRow): NotificationUser {
  return { id: row.id, username: row.username, displayName: row.displayName, avatar: variantUrls(row.avatarVariants) };
}

/**
 * Turns notification rows into the spec's shape with three extra queries whatever the page size
 * (actors, posts, media), never one per notification.
 */
export async function presentNotifications(
  repository: NotificationsRepository,
  rows: readonly NotificationRow[],
  now = Date.now(),
): Promise<NotificationView[]> {
  const actorIds = [...new Set(rows.flatMap((row) => row.actorIds))];
  const postIds = [...new Set(rows.flatMap((row) => (row.postId === null ? [] : [row.postId])))];
  const [actors, posts, media] = await Promise.all([
    repository.actors(actorIds),
    repository.posts(postIds),
    repository.media(postIds),
  ]);
  const actorById = new Map(actors.map((actor) => [actor.id, toUser(actor)]));
  const mediaByPost = new Map<number, NotifiedMediaRow[]>();
  for (const file of media) mediaByPost.set(file.postId, [...(mediaByPost.get(file.postId) ?? []), file]);
  const postById = new Map<number, NotificationPost>(
    posts.map((post) => [
      post.id,
      {
        id: post.id,
        title: post.title,
        path: postPath(post.id, post.title, SUFFIX[post.lgbt] ?? ''),
        media: (mediaByPost.get(post.id) ?? []).map((file) => ({
          name: file.name,
          mimeType: file.mimeType,
          status: file.status,
          poster: stillOf(file.variants),
        })),
      },
    ]),
  );
  return rows.map((row) => {
    const users = row.actorIds.flatMap((id) => actorById.get(id) ?? []);
    return {
      id: row.id,
      type: row.type,
      createdDate: row.createdAt.toISOString(),
      readDate: row.readAt?.toISOString() ?? null,
      user: users[0] ?? null,
      users,
      // Actors who left are no longer counted in the group.
      usersCount: Math.max(users.length, row.actorCount - (row.actorIds.length - users.length)),
      post: row.postId === null ? null : (postById.get(row.postId) ?? null),
      scraperJob: row.scraperJobId === null ? null : { id: row.scraperJobId },
      moderation:
        row.type !== 'moderation' || row.notice === null
          ? null
          : { caseId: row.caseId, notice: row.notice, actionId: row.enforcementActionId },
      performer:
        row.type !== 'performer' || row.performerId === null || row.notice === null
          ? null
          : { id: row.performerId, notice: row.notice as PerformerNotice },
      minOld: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 60_000)),
      isNew: row.readAt === null,
    };
  });
}
