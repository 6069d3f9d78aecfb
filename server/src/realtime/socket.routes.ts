import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AccountServices } from '../accounts/account-services.ts';
import type { ViewSources } from '../analytics/view-source.ts';
import type { WatchProgressService } from '../analytics/watch-progress.service.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PlaylistService } from '../playlists/playlists.service.ts';
import type { EngagementService } from '../posts/engagement.service.ts';
import type { TagService } from '../tags/tags.service.ts';
import { parseClientMessage } from './client-messages.ts';
import type { EventBus } from './events.ts';
import { Peer } from './peer.ts';
import { RealtimeRepository } from './realtime.repository.ts';
import { SocketActions, socketError } from './socket-actions.service.ts';
import { CloseCode, SocketHub } from './socket-hub.ts';

/** Client messages are small JSON objects; anything bigger is refused by ws itself (close 1009). */
export const MAX_MESSAGE_BYTES = 4096;
/** Messages refused for rate before the socket is closed. */
const REFUSALS_BEFORE_CLOSE = 100;

export interface SocketRouteOptions {
  readonly events: EventBus;
  readonly db: Db;
  readonly accounts: Pick<AccountServices, 'sessions' | 'emailActions'>;
  readonly notifications: NotificationService;
  readonly engagement: EngagementService;
  readonly viewSources: ViewSources;
  readonly progress: WatchProgressService;
  readonly tags: TagService;
  readonly playlists: PlaylistService;
  readonly baseUrl: string;
  readonly heartbeatSeconds: number;
  readonly connectsPerMinute: number;
  /** Open sockets per client address on this node (WS_SOCKETS_PER_ADDRESS). */
  readonly socketsPerAddress: number;
  readonly log: Logger;
}

/**
 * `/ws/` (spec §7). The upgrade request passes the auth hook like any request, so the `authorization`
 * cookie (or a Bearer header) decides who the socket is; anonymous sockets may count views, hits and
 * shares but not read notifications. A page of another site may not open one (Origin must be ours).
 */
export default async function socketRoutes(app: FastifyInstance, options: SocketRouteOptions) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const repository = new RealtimeRepository(options.db);
  const hub = new SocketHub(options.events, options.log, {
    heartbeatMs: options.heartbeatSeconds * 1000,
    blockedUsers: (userIds) => repository.blockedUsers(userIds),
    liveSessions: (sessionIds) => repository.liveSessions(sessionIds),
  });
  const actions = new SocketActions({
    hub,
    repository,
    sessions: options.accounts.sessions,
    emailActions: options.accounts.emailActions,
    notifications: options.notifications,
    engagement: options.engagement,
    viewSources: options.viewSources,
    progress: options.progress,
    tags: options.tags,
    playlists: options.playlists,
    events: options.events,
    log: options.log,
  });
  app.addHook('onClose', async () => hub.close());
  const publicOrigin = new URL(options.baseUrl).origin;

  app.get(
    '/ws/',
    {
      websocket: true,
      config: { rateLimit: { max: options.connectsPerMinute, timeWindow: 60_000, allowList: () => false } },
      preValidation: async (request: FastifyRequest) => {
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
          throw new AppError('socket_origin_rejected');
        }
      },
    },
    (socket, request) => {
      const peer = new Peer(socket, request.ip, request.client.locale);
      peer.country = options.viewSources.country(request.headers);
      if (hub.socketsOf(peer.client) >= options.socketsPerAddress) {
        peer.send('error', socketError(new AppError('socket_limit_reached')));
        socket.close(CloseCode.tooManySockets, 'too many sockets');
        return;
      }
      // Messages are handled one after another, after the socket knows who it is.
      let queue = actions.open(peer, request.session).catch((error) => {
        request.log.error({ err: error }, 'socket could not be opened');
        socket.close(1011, 'server error');
      });
      socket.on('close', () => hub.remove(peer));
      socket.on('message', (raw, isBinary) => {
        if (!peer.takeToken()) {
          peer.refused += 1;
          if (peer.refused > REFUSALS_BEFORE_CLOSE) socket.close(CloseCode.tooManyMessages, 'too many messages');
          else if (peer.refused % 10 === 1) peer.send('error', socketError(new AppError('socket_rate_limited')));
          return;
        }
        const message = isBinary ? undefined : parseClientMessage(raw.toString());
        if (!message) {
          peer.send('error', socketError(new AppError('socket_message_invalid')));
          return;
        }
        queue = queue.then(() =>
          actions.handle(peer, message).catch((error) => {
            if (!(error instanceof AppError)) request.log.error({ err: error, event: message.event }, 'socket event failed');
            peer.send('error', { ...socketError(error), event: message.event });
          }),
        );
      });
    },
  );
}
