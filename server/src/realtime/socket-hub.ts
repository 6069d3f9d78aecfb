import type { Logger } from 'pino';
import type { BusEvent, EventBus } from './events.ts';
import type { Peer } from './peer.ts';

/** Close codes of our own (4000–4999 are for applications). */
export const CloseCode = { banned: 4003, sessionEnded: 4001, tooManyMessages: 1008, tooManySockets: 4029 } as const;

export interface SocketHubOptions {
  readonly heartbeatMs: number;
  /** Of the given logged-in users, those whose sessions must end (banned, leaving or deleted). */
  readonly blockedUsers: (userIds: number[]) => Promise<{ banned: number[]; ended: number[] }>;
  /** Of the given login sessions, those still open (not logged out, not ended by a password change). */
  readonly liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
}

/**
 * This node's sockets, indexed by user and by the post each one is looking at. It delivers what the
 * event bus carries to the sockets it concerns, and pings every socket each heartbeat, dropping peers
 * that did not answer the previous ping and ending sessions of accounts banned in the meantime (a
 * backstop for the ban trigger, which needs the PostgreSQL bus).
 */
export class SocketHub {
  private readonly peers = new Set<Peer>();
  private readonly byUser = new Map<number, Set<Peer>>();
  private readonly byPost = new Map<number, Set<Peer>>();
  /** Open sockets per client address (Peer.client), for WS_SOCKETS_PER_ADDRESS. */
  private readonly byClient = new Map<string, number>();
  private readonly log: Logger;
  private readonly options: SocketHubOptions;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(bus: EventBus, log: Logger, options: SocketHubOptions) {
    this.log = log.child({ component: 'socket-hub' });
    this.options = options;
    this.unsubscribe = bus.subscribe((event) => this.dispatch(event));
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.peers.size;
  }

  /** How many sockets the client at this address (Peer.client) has open on this node. */
  socketsOf(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  add(peer: Peer): void {
    this.peers.add(peer);
    this.byClient.set(peer.client, this.socketsOf(peer.client) + 1);
    peer.ws.on('pong', () => {
      peer.alive = true;
    });
    if (peer.userId !== undefined) join(this.byUser, peer.userId, peer);
  }

  remove(peer: Peer): void {
    // A peer the heartbeat already dropped is removed again when its socket closes.
    if (!this.peers.delete(peer)) return;
    const open = this.socketsOf(peer.client) - 1;
    if (open > 0) this.byClient.set(peer.client, open);
    else this.byClient.delete(peer.client);
    if (peer.userId !== undefined) leave(this.byUser, peer.userId, peer);
    if (peer.viewingPostId !== undefined) leave(this.byPost, peer.viewingPostId, peer);
  }

  setUser(peer: Peer, userId: number | undefined): void {
    if (peer.userId !== undefined) leave(this.byUser, peer.userId, peer);
    peer.userId = userId;
    if (userId !== undefined) join(this.byUser, userId, peer);
  }

  view(peer: Peer, postId: number | undefined): void {
    if (peer.viewingPostId !== undefined) leave(this.byPost, peer.viewingPostId, peer);
    peer.viewingPostId = postId;
    if (postId !== undefined) join(this.byPost, postId, peer);
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
  }

  private dispatch(event: BusEvent): void {
    switch (event.type) {
      case 'notification':
        this.toUser(event.userId, 'notification', { ...event.notification, unread: event.unread });
        break;
      case 'notification-batch':
        event.userIds.forEach((userId, index) => {
          const id = event.ids[index];
          if (id !== undefined && this.byUser.has(userId)) this.toUser(userId, 'notification', { ...event.notification, id });
        });
        break;
      case 'notifications-read':
        this.toUser(event.userId, 'notifications-read', { type: event.notificationType });
        break;
      case 'post-likes':
        this.toViewers(event.postId, 'post-likes', { postId: event.postId, likesCount: event.likesCount });
        break;
      case 'post-shares':
        this.toViewers(event.postId, 'post-shares', { postId: event.postId, shareCount: event.shareCount });
        break;
      case 'logout-banned':
        this.endSessions(event.userId, CloseCode.banned);
        break;
      case 'sessions-ended':
        this.endSessions(event.userId, CloseCode.sessionEnded, event.sessionId);
        break;
      case 'check-video-failed':
        this.toUser(event.userId, 'check-video-failed', { mediaId: event.mediaId, postId: event.postId, reason: event.reason });
        break;
      case 'media':
        this.toUser(event.userId, 'media', event.media);
        break;
      case 'scraperJob':
        this.toUser(event.userId, 'scraperJob', event.job);
        break;
    }
  }

  private toUser(userId: number, name: string, data: unknown): void {
    const peers = this.byUser.get(userId);
    if (!peers) return;
    const frame = JSON.stringify({ event: name, data });
    for (const peer of peers) sendFrame(peer, frame);
  }

  /** Live counters go only to visible tabs: a hidden one is sent fresh counters when it shows again. */
  private toViewers(postId: number, name: string, data: unknown): void {
    const peers = this.byPost.get(postId);
    if (!peers) return;
    const frame = JSON.stringify({ event: name, data });
    for (const peer of peers) if (!peer.hidden) sendFrame(peer, frame);
  }

  /**
   * Banned: the client logs out (spec §4) and the socket closes. Other ends: the socket just closes. With
   * `sessionId` only the sockets opened in that session (a logout of one device) end.
   */
  endSessions(userId: number, code: number, sessionId?: string): void {
    for (const peer of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionId !== undefined && peer.sessionId !== sessionId) continue;
      if (code === CloseCode.banned) peer.send('logout-banned', { userId });
      this.setUser(peer, undefined);
      peer.ws.close(code, code === CloseCode.banned ? 'banned' : 'session ended');
    }
  }

  private async beat(): Promise<void> {
    for (const peer of this.peers) {
      if (!peer.alive) {
        peer.ws.terminate();
        this.remove(peer);
        continue;
      }
      peer.alive = false;
      peer.ws.ping();
    }
    const userIds = [...this.byUser.keys()];
    if (userIds.length === 0) return;
    try {
      const { banned, ended } = await this.options.blockedUsers(userIds);
      for (const userId of banned) this.endSessions(userId, CloseCode.banned);
      for (const userId of ended) this.endSessions(userId, CloseCode.sessionEnded);
      await this.closeEndedSessions();
    } catch (error) {
      this.log.warn({ err: error }, 'account check of open sockets failed');
    }
  }

  /** Backstop for a missed sessions-ended event (the bus is at most once): sockets of closed sessions end. */
  private async closeEndedSessions(): Promise<void> {
    const sessionIds = new Set<string>();
    for (const peer of this.peers) if (peer.sessionId !== undefined) sessionIds.add(peer.sessionId);
    if (sessionIds.size === 0) return;
    const live = await this.options.liveSessions([...sessionIds]);
    for (const peer of [...this.peers]) {
      if (peer.sessionId === undefined || live.has(peer.sessionId) || peer.userId === undefined) continue;
      this.endSessions(peer.userId, CloseCode.sessionEnded, peer.sessionId);
    }
  }
}

function sendFrame(peer: Peer, frame: string): void {
  if (peer.ws.readyState === peer.ws.OPEN) peer.ws.send(frame);
}

function join<K>(index: Map<K, Set<Peer>>, key: K, peer: Peer): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(peer);
}

function leave<K>(index: Map<K, Set<Peer>>, key: K, peer: Peer): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(peer);
  if (set.size === 0) index.delete(key);
}
