import type { NotificationType } from '../db/schema.ts';

/**
 * The contract of the event bus: every event any part of Velvet publishes for the live layer. Events
 * travel as JSON between processes, so they carry plain data only. Each one names whom it is for
 * (`userId`, `userIds` or `postId`); the socket hub of every app node delivers it to its own sockets.
 */

/** A notification as the API and the socket show it (spec §3). */
export interface NotificationView {
  readonly id: number;
  readonly type: NotificationType;
  readonly createdDate: string;
  readonly readDate: string | null;
  /** The newest actor (follower, liker, author); null for scraper-done. */
  readonly user: NotificationUser | null;
  /** Every actor still shown, newest first (several for grouped likes). */
  readonly users: readonly NotificationUser[];
  /** How many actors the notification stands for (grouped likes can be more than `users` lists). */
  readonly usersCount: number;
  readonly post: NotificationPost | null;
  readonly scraperJob: { readonly id: number } | null;
  /** A `moderation` notice: its case and which notice (moderation/moderation-notices.ts); null on other types. */
  readonly moderation: {
    readonly caseId: number | null;
    readonly notice: string;
    /** Notice `statement`: the enforcement action, read at GET /api/enforcement/statements/{actionId}. */
    readonly actionId: number | null;
  } | null;
  /** A `performer` notice (compliance/performers/): the performer row it is about and which notice. */
  readonly performer: { readonly id: number; readonly notice: PerformerNotice } | null;
  /** Whole minutes since createdDate when the answer was made. */
  readonly minOld: number;
  readonly isNew: boolean;
}

// One definition, the column's (db/schema.ts); the event bus and notifications name it from here too.
export type { NotificationType };
export const notificationTypes: readonly NotificationType[] = [
  'user-follow',
  'post-like',
  'post-created',
  'scraper-done',
  'moderation',
  'data-export',
  'performer',
];

/**
 * The notices of a `performer` notification: `request` to a tagged account (confirm or decline, at
 * GET /api/performer/{id}); to the creator: `declined` (a tagged account said no), `withdrawn` (a performer
 * took back consent; the post is hidden), `release-rejected` (a guest's identity was refused) and
 * `cleared` (every performer cleared: the post is released).
 */
export type PerformerNotice = 'request' | 'declined' | 'withdrawn' | 'release-rejected' | 'cleared';

export interface NotificationUser {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly avatar: Record<string, string>;
}

export interface NotificationPost {
  readonly id: number;
  readonly title: string;
  readonly path: string;
  readonly media: readonly {
    readonly name: string;
    readonly mimeType: string;
    readonly status: number;
    readonly poster: string;
  }[];
}

/** Progress of one uploaded file (published by the media pipeline; delivered to the owner as `media`). */
export interface MediaUpdate {
  readonly id: number;
  readonly name?: string;
  readonly status: number;
  readonly postId?: number;
  /** 0–100 (spec §4 progress formula), when known. */
  readonly progress?: number;
}

/** State of one scraper import (published by the scraper; delivered to the owner as `scraperJob`). */
export interface ScraperJobUpdate {
  readonly id: number;
  readonly uid: string;
  readonly state: string;
  readonly progress?: number;
  readonly postId?: number;
}

export type BusEvent =
  | {
      readonly type: 'notification';
      readonly userId: number;
      readonly notification: NotificationView;
      /** The recipient's unread counts per type after this one, so every open tab shows the right badge. */
      readonly unread: Readonly<Record<string, number>>;
    }
  /** Many recipients of the same notification (post-created fan-out); ids pair with userIds. */
  | {
      readonly type: 'notification-batch';
      readonly userIds: readonly number[];
      readonly ids: readonly number[];
      readonly notification: NotificationView;
    }
  | { readonly type: 'notifications-read'; readonly userId: number; readonly notificationType: NotificationType }
  | { readonly type: 'post-likes'; readonly postId: number; readonly likesCount: number }
  | { readonly type: 'post-shares'; readonly postId: number; readonly shareCount: number }
  /** Also raised by a database trigger whenever users.banned_at is set (migration 0008). */
  | { readonly type: 'logout-banned'; readonly userId: number }
  /**
   * A user's sessions ended (accounts/session.service.ts): with `sessionId`, that one (a logout, a stolen
   * refresh token); without, all of them (password change or reset, deletion request).
   */
  | { readonly type: 'sessions-ended'; readonly userId: number; readonly sessionId?: string }
  /**
   * A post or an account stopped being public (deleted, made private, removed, blocked, banned, leaving).
   * Raised only by database triggers (migration 0017), so no path that withdraws content can forget it;
   * every node's response cache drops its answers (http/response-cache.ts).
   */
  | { readonly type: 'content-withdrawn' }
  /**
   * What post cards show changed (posts/card-cache.ts): raised only by database triggers (migration 0039),
   * so no writer can forget it. `postIds` names the posts, `authorId` an account whose name, avatar or
   * standing changed; neither means every card.
   */
  | { readonly type: 'cards-changed'; readonly postIds?: readonly number[]; readonly authorId?: number }
  /** An admin changed the age-assurance rules: every node drops its copy (compliance/age-assurance/). */
  | { readonly type: 'age-assurance-rules-changed' }
  | {
      readonly type: 'check-video-failed';
      readonly userId: number;
      readonly mediaId?: number;
      readonly postId?: number;
      readonly reason: string;
      /** For a duplicate: the post it copies. */
      readonly duplicateOfPostId?: number;
    }
  | { readonly type: 'media'; readonly userId: number; readonly media: MediaUpdate }
  | { readonly type: 'scraperJob'; readonly userId: number; readonly job: ScraperJobUpdate };

export type BusEventType = BusEvent['type'];
export type BusHandler = (event: BusEvent) => void;

/** What services and workers publish through. Delivery is at most once, to every subscriber on every node. */
export interface EventPublisher {
  publish(event: BusEvent): Promise<void>;
}

export interface EventBus extends EventPublisher {
  /** Returns a function that removes the handler. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/**
 * What the like and follow services tell the live layer after a change (implemented by the
 * notification service, which turns it into notifications and live counters).
 */
export interface SocialActivity {
  postLiked(actorId: number, postId: number, likesCount: number): Promise<void>;
  postUnliked(actorId: number, postId: number, likesCount: number): Promise<void>;
  userFollowed(followerId: number, followeeId: number): Promise<void>;
}
