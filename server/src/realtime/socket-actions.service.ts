import type { Logger } from 'pino';
import type { EmailActionService } from '../accounts/email-actions.service.ts';
import type { RequestSession, SessionService } from '../accounts/session.service.ts';
import type { ViewSources } from '../analytics/view-source.ts';
import type { WatchProgressService } from '../analytics/watch-progress.service.ts';
import { AppError, errorTable } from '../http/errors.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PlaylistService } from '../playlists/playlists.service.ts';
import type { EngagementService } from '../posts/engagement.service.ts';
import { normalizeTag } from '../posts/tag-name.ts';
import type { TagService } from '../tags/tags.service.ts';
import type { ClientMessage } from './client-messages.ts';
import type { EventPublisher } from './events.ts';
import type { Peer } from './peer.ts';
import type { RealtimeRepository } from './realtime.repository.ts';
import { CloseCode, type SocketHub } from './socket-hub.ts';

export interface SocketActionDeps {
  readonly hub: SocketHub;
  readonly repository: RealtimeRepository;
  readonly sessions: SessionService;
  readonly notifications: NotificationService;
  readonly emailActions: EmailActionService;
  /** Views, hits and shares count through the same services as their HTTP routes, with the same rules. */
  readonly engagement: Pick<EngagementService, 'recordView' | 'recordShare'>;
  /** Where a view comes from, and the player's watch progress (analytics/). */
  readonly viewSources: ViewSources;
  readonly progress: Pick<WatchProgressService, 'report'>;
  readonly tags: Pick<TagService, 'recordHit' | 'recordShare'>;
  readonly playlists: Pick<PlaylistService, 'recordHit' | 'recordShare'>;
  readonly events: EventPublisher;
  readonly log: Logger;
}

/** The effect of each client event of spec §7, and the socket's session (who it is, what it may do). */
export class SocketActions {
  private readonly deps: SocketActionDeps;

  constructor(deps: SocketActionDeps) {
    this.deps = deps;
  }

  /** A new socket: joins the hub as its session allows and is told who it is (`connect`). */
  async open(peer: Peer, session: RequestSession): Promise<void> {
    this.deps.hub.add(peer);
    await this.authenticate(peer, session);
  }

  async handle(peer: Peer, message: ClientMessage): Promise<void> {
    const { repository, hub, engagement, tags, playlists, viewSources } = this.deps;
    switch (message.event) {
      case 'viewingPost': {
        const { id, ...sent } = message.data;
        const postId = id ?? undefined;
        const counters = postId === undefined ? undefined : await repository.postCounters(postId);
        hub.view(peer, counters ? postId : undefined);
        if (postId === undefined || !counters) return;
        await engagement.recordView(postId, peer.countingViewer, { source: viewSources.source(peer.country, sent) });
        this.sendCounters(peer, postId, counters);
        return;
      }
      case 'viewedPost': {
        const { id, ...sent } = message.data;
        // A completion without a start (a reconnect in between) still counts the view once.
        await engagement.recordView(id, peer.countingViewer, { completed: true, source: viewSources.source(peer.country, sent) });
        return;
      }
      case 'watchProgress': {
        if (!peer.progressRate.take()) throw new AppError('watch_progress_too_frequent');
        const { id, ...progress } = message.data;
        await this.deps.progress.report(id, peer.viewerKey, progress);
        return;
      }
      case 'readNotif': {
        const userId = this.requireUser(peer);
        await this.deps.notifications.markRead(userId, message.data.type);
        return;
      }
      case 'hitPlaylist':
        if (peer.firstHit(`playlist:${message.data.id}`)) await playlists.recordHit(message.data.id);
        return;
      case 'hitTag': {
        const tag = normalizeTag(message.data.tag);
        if (tag && peer.firstHit(`tag:${tag}`)) await tags.recordHit(tag, peer.locale);
        return;
      }
      case 'hitUser':
        if (peer.userId !== message.data.id && peer.firstHit(`user:${message.data.id}`)) {
          await repository.hitProfile(message.data.id);
        }
        return;
      case 'reconnect': {
        const session = await this.deps.sessions.resolve(message.data.token);
        // Renewing the same session's token is fine; becoming another viewer on the same socket would let
        // one connection count views and shares as any number of freshly minted visitors.
        if (session.rejected !== 'user_banned' && viewerKeyOf(session, peer) !== peer.viewerKey) {
          throw new AppError('socket_identity_changed');
        }
        await this.authenticate(peer, session);
        return;
      }
      case 'emailAction':
        await this.emailAction(peer, message.data.emailUUID);
        return;
      case 'visChange':
        peer.hidden = message.data.hidden;
        if (!peer.hidden && peer.viewingPostId !== undefined) {
          const counters = await repository.postCounters(peer.viewingPostId);
          if (counters) this.sendCounters(peer, peer.viewingPostId, counters);
        }
        return;
      case 'shareProfile':
        await repository.shareProfile(message.data.id, peer.viewerKey);
        return;
      case 'shareTag': {
        const tag = normalizeTag(message.data.tag);
        if (tag) await tags.recordShare(tag, peer.locale, peer.viewerKey);
        return;
      }
      case 'sharePlaylist':
        await playlists.recordShare(message.data.id, peer.viewerKey);
        return;
      case 'sharePost': {
        const { counted, shareCount } = await engagement.recordShare(message.data.id, peer.countingViewer, message.data.platform);
        if (counted) await this.deps.events.publish({ type: 'post-shares', postId: message.data.id, shareCount });
        return;
      }
    }
  }

  /**
   * Sets who the socket belongs to. A banned account is told to log out and closed, as on the bus event.
   */
  private async authenticate(peer: Peer, session: RequestSession): Promise<void> {
    const { hub } = this.deps;
    if (session.rejected === 'user_banned') {
      peer.send('logout-banned', {});
      peer.ws.close(CloseCode.banned, 'banned');
      return;
    }
    hub.setUser(peer, session.userId);
    peer.sessionId = session.sessionId;
    peer.viewerKey = viewerKeyOf(session, peer);
    const unread = session.userId === undefined ? {} : await this.deps.notifications.unreadCounts(session.userId);
    peer.send('connect', { userId: session.userId ?? null, unread });
  }

  private async emailAction(peer: Peer, token: string): Promise<void> {
    try {
      await this.deps.emailActions.confirmEmail(token);
      peer.send('emailAction', { action: 'verify-email', ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      peer.send('emailAction', { action: 'verify-email', ok: false, error: error.code });
    }
  }

  private sendCounters(peer: Peer, postId: number, counters: { likesCount: number; shareCount: number }): void {
    peer.send('post-likes', { postId, likesCount: counters.likesCount });
    peer.send('post-shares', { postId, shareCount: counters.shareCount });
  }

  private requireUser(peer: Peer): number {
    if (peer.userId === undefined) throw new AppError('login_required');
    return peer.userId;
  }
}

function viewerKeyOf(session: RequestSession, peer: Peer): string {
  if (session.userId !== undefined) return `u:${session.userId}`;
  return session.visitorId ? `v:${session.visitorId}` : peer.addressKey;
}

/** What a socket is told when one of its messages fails: the error table's code, never internals. */
export function socketError(error: unknown): { code: string; statusCode: number } {
  if (error instanceof AppError) return { code: error.code, statusCode: errorTable[error.code].statusCode };
  return { code: 'internal_error', statusCode: errorTable.internal_error.statusCode };
}
