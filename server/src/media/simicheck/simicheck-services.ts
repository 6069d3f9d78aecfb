import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { MediaToolsRepository } from '../probe.ts';
import type { Storage } from '../storage.ts';
import { SimicheckRepository } from './simicheck.repository.ts';
import { SimicheckService } from './simicheck.service.ts';
import { InProcessSimicheckEvents } from './simicheck-events.ts';

export interface SimicheckServices {
  readonly simicheck: SimicheckService;
  /** The realtime layer subscribes here to forward check-video-failed to the owner's websocket. */
  readonly simicheckEvents: InProcessSimicheckEvents;
}

export function createSimicheckServices(config: Config, db: Db, storage: Storage, log: Logger): SimicheckServices {
  const scratchDir = join(config.dataDir, 'scratch', 'simicheck');
  const simicheckEvents = new InProcessSimicheckEvents((error) =>
    log.error({ err: error }, 'check-video-failed listener failed'),
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
