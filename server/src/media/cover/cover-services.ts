import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import type { MediaRemovalService } from '../media-removal.service.ts';
import { MediaToolsRepository } from '../probe.ts';
import { ScratchSpace } from '../processing/scratch-space.ts';
import { Transcoder } from '../processing/transcoder.ts';
import type { Storage } from '../storage.ts';
import { CoverRepository } from './cover.repository.ts';
import { CoverService } from './cover.service.ts';
import { CoverJob } from './cover-job.ts';
import { COVER_MAX_PIXELS } from './cover-stills.ts';

export interface CoverServices {
  /** The studio's routes: what the owner sees, and requests. */
  readonly covers: CoverService;
  /** The worker's side: job `media:cover`. */
  readonly job: CoverJob;
}

export interface CoverWiring {
  readonly config: Config;
  readonly db: Db;
  readonly storage: Storage;
  readonly removal: MediaRemovalService;
  readonly events: EventPublisher;
  readonly log: Logger;
}

/** Cover frames (README.md beside this file); scratch folders under DATA_DIR/scratch/cover. */
export function createCoverServices({ config, db, storage, removal, events, log }: CoverWiring): CoverServices {
  const root = join(config.dataDir, 'scratch', 'cover');
  const repository = new CoverRepository(db);
  const scratch = new ScratchSpace(root);
  const tools = new MediaToolsRepository(root, { maxImagePixels: COVER_MAX_PIXELS });
  return {
    covers: new CoverService({ repository, storage, tools, scratch }),
    job: new CoverJob({
      repository,
      storage,
      tools,
      transcoder: new Transcoder(),
      scratch,
      removal,
      events,
      log: log.child({ component: 'media-cover' }),
    }),
  };
}
