import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { EventPublisher, NotificationType, PerformerNotice, SocialActivity } from '../realtime/events.ts';
import { presentNotifications } from './notification-view.ts';
import type { Cursor, NotificationsRepository, WrittenNotification } from './notifications.repository.ts';

export const NOTIFICATIONS_PAGE = 30;

/** The four lists of spec §7, moderation notices (moderation/README.md) and ready data exports, by the last part of their path. */
export const listTypes = {
  follow: 'user-follow',
  'post-like': 'post-like',
  'post-created': 'post-created',
  'scraper-job': 'scraper-done',
  moderation: 'moderation',
  'data-export': 'data-export',
  performer: 'performer',
} as const satisfies Record<string, NotificationType>;

/**
 * Notifications: made from likes, follows, new posts of followed users and finished imports; listed per
 * type; marked read per type; pushed live to the recipient through the event bus. A failure here never
 * fails the like or follow that caused it: it is logged, and the action stands.
 */
export class NotificationService implements SocialActivity {
  private readonly repository: NotificationsRepository;
  private readonly events: EventPublisher;
  private readonly jobs: Pick<JobQueue, 'add'>;
  private readonly log: Logger;

  constructor(deps: { repository: NotificationsRepository; events: EventPublisher; jobs: Pick<JobQueue, 'add'>; log: Logger }) {
    this.repository = deps.repository;
    this.events = deps.events;
    this.jobs = deps.jobs;
    this.log = deps.log;
  }

  async postLiked(actorId: number, postId: number, likesCount: number): Promise<void> {
    await this.guard('post-like', async () => {
      const [, touched] = await Promise.all([
        this.events.publish({ type: 'post-likes', postId, likesCount }),
        this.repository.addLike(actorId, postId),
      ]);
      await this.deliver(touched);
    });
  }

  async postUnliked(actorId: number, postId: number, likesCount: number): Promise<void> {
    await this.guard('post-unlike', async () => {
      await this.events.publish({ type: 'post-likes', postId, likesCount });
      await this.repository.removeLike(actorId, postId);
    });
  }

  async userFollowed(followerId: number, followeeId: number): Promise<void> {
    await this.guard('user-follow', async () => this.deliver(await this.repository.addFollow(followerId, followeeId)));
  }

  /** For the scraper: its import `scraperJobId` of `userId` finished (optionally as post `postId`). */
  async scraperDone(userId: number, scraperJobId: number, postId?: number): Promise<void> {
    await this.guard('scraper-done', async () =>
      this.deliver(await this.repository.addScraperDone(userId, scraperJobId, postId ?? null)),
    );
  }

  /** For moderation: a notice about case `caseId` to one of the people it concerns (moderation/moderation-notices.ts). */
  /** `actionId`: a statement of reasons (enforcement/), which may have no case. */
  async moderationNotice(userId: number, caseId: number | null, notice: string, actionId?: number): Promise<void> {
    await this.guard('moderation', async () =>
      this.deliver(await this.repository.addModeration(userId, caseId, notice, actionId ?? null)),
    );
  }

  /** For performer manifests (compliance/performers/): a request to confirm, or news for the creator. */
  async performerNotice(userId: number, performerId: number, postId: number, notice: PerformerNotice, actorId: number | null) {
    await this.guard('performer', async () =>
      this.deliver(await this.repository.addPerformer(userId, performerId, postId, notice, actorId)),
    );
  }

  /** For data exports (exports/): the user's archive is ready to download. */
  async dataExportReady(userId: number): Promise<void> {
    await this.guard('data-export', async () => this.deliver(await this.repository.addDataExport(userId)));
  }

  /** For the media pipeline when a post is published: followers hear of it through a background job. */
  async postPublished(postId: number): Promise<void> {
    await this.jobs.add('notifications:post-created', { postId }, { jobKey: `notifications:post-created:${postId}` });
  }

  async list(userId: number, path: keyof typeof listTypes, page: { offset: number; cursor?: string; limit?: number }) {
    const limit = Math.min(page.limit ?? NOTIFICATIONS_PAGE, NOTIFICATIONS_PAGE);
    const cursor = page.cursor ? parseCursor(page.cursor) : undefined;
    const rows = await this.repository.list(userId, listTypes[path], limit + 1, { offset: page.offset, cursor });
    const shown = rows.slice(0, limit);
    const notifications = await presentNotifications(this.repository, shown);
    const last = shown.at(-1);
    const next = rows.length > limit && last ? await this.repository.cursorOf(last.id) : undefined;
    return { notifications, canLoadMore: rows.length > limit, cursor: next ? formatCursor(next) : null };
  }

  unreadCounts(userId: number): Promise<Record<string, number>> {
    return this.repository.unreadCounts(userId);
  }

  /** readNotif: every unread notification of the type is read now; the user's other tabs hear of it. */
  async markRead(userId: number, type: NotificationType): Promise<number> {
    const changed = await this.repository.markRead(userId, type);
    await this.events.publish({ type: 'notifications-read', userId, notificationType: type });
    return changed;
  }

  private async deliver(written: WrittenNotification | undefined): Promise<void> {
    if (!written) return;
    const [[notification], unread] = await Promise.all([
      presentNotifications(this.repository, [written]),
      this.repository.unreadCounts(written.userId),
    ]);
    if (notification) await this.events.publish({ type: 'notification', userId: written.userId, notification, unread });
  }

  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error, what }, 'notification not made');
    }
  }
}

const POSTGRES_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** `{created_at text}|{id}` in base64url, opaque to clients. */
function formatCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

function parseCursor(text: string): Cursor {
  const [createdAt, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const parsedId = Number(id);
  if (!createdAt || !POSTGRES_TIMESTAMP.test(createdAt) || !Number.isSafeInteger(parsedId)) {
    throw new AppError('invalid_input', { details: [{ field: 'cursor', problem: 'not a cursor from this list' }] });
  }
  return { createdAt, id: parsedId };
}
