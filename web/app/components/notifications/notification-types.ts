import type { NotificationType, NotificationView } from '../../../../server/src/realtime/events.ts';

export type { NotificationType, NotificationView };

/** The page's tabs (spec §2) and the API list each one reads; `all` merges every list. */
export const tabs = ['all', 'likes', 'following', 'newPosts'] as const;
export type Tab = (typeof tabs)[number];

export const listPaths = {
  'user-follow': 'follow',
  'post-like': 'post-like',
  'post-created': 'post-created',
  'scraper-done': 'scraper-job',
  moderation: 'moderation',
  'data-export': 'data-export',
  performer: 'performer',
} as const satisfies Record<NotificationType, string>;

export const notificationTypes = Object.keys(listPaths) as NotificationType[];

export const tabType: Record<Exclude<Tab, 'all'>, NotificationType> = {
  likes: 'post-like',
  following: 'user-follow',
  newPosts: 'post-created',
};

/** A live notification also carries the recipient's unread counts after it (absent in fan-out batches). */
export type LiveNotification = NotificationView & { readonly unread?: Readonly<Record<string, number>> };
