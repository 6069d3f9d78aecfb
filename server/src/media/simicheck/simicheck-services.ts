import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import { MediaToolsRepository } from '../probe.ts';
import type { Storage } from '../storage.ts';
import { SimicheckRepository } from './simicheck.repository.ts';
import { SimicheckService } from './simicheck.service.ts';
import { InProcessSimicheckEvents } from './simicheck-events.ts';

export interface SimicheckServices {
  readonly simicheck: SimicheckService;
  /** Duplicates found by the worker; each is also published on the event bus for the owner's websocket. */
  readonly simicheckEvents: InProcessSimicheckEvents;
}

export function createSimicheckServices(
  config: Config,
  db: Db,
  storage: Storage,
  bus: EventPublisher,
  log: Logger,
): SimicheckServices {
  const scratchDir = join(config.dataDir, 'scratch', 'simicheck');
  const simicheckEvents = new InProcessSimicheckEvents((error) =>
    log.error({ err: error }, 'check-video-failed listener failed'),
  );
  // The check runs in the worker; the bus carries the verdict to whichever app node holds the owner's sockets.
  simicheckEvents.subscribe((event) =>
    bus.publish({
      type: 'check-video-failed',
      userId: event.userId,
      mediaId: event.mediaId,
      postId: event.postId ?? undefined,
      reason: 'duplicate',
      duplicateOfPostId: event.duplicateOfPostId,
    }),
  );
  const simicheck = new SimicheckService({
    repository: new SimicheckRepository(db),
    storage,
    tools: new MediaToolsRepository(scratchDir),
    scratchDir,
    events: simicheckEvents,
    log,
  });
  return { simicheck, simicheckEvents };
}
