import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import { DEFAULT_MEDIA_TOOL_LIMITS, MediaToolsRepository } from '../probe.ts';
import type { Storage } from '../storage.ts';
import { ProcessingRepository } from './processing.repository.ts';
import { ProcessingService } from './processing.service.ts';
import { type MediaFingerprints, ProcessingSteps } from './processing-steps.ts';
import { ScratchSpace } from './scratch-space.ts';
import { Transcoder } from './transcoder.ts';

/** Where processing jobs work: one folder per job run under DATA_DIR/scratch/processing. */
export const processingScratchRoot = (config: Config) => join(config.dataDir, 'scratch', 'processing');

export function createProcessingService(
  config: Config,
  db: Db,
  storage: Storage,
  events: EventPublisher,
  log: Logger,
  hashBanks?: MediaFingerprints & { screen(post: { id: number; userId: number }): Promise<boolean> },
): ProcessingService {
  const root = processingScratchRoot(config);
  const repository = new ProcessingRepository(db);
  const steps = new ProcessingSteps({
    repository,
    storage,
    // Probes run in the job's scratch root, which ScratchSpace creates before any step runs.
    tools: new MediaToolsRepository(root),
    transcoder: new Transcoder(),
    maxImagePixels: DEFAULT_MEDIA_TOOL_LIMITS.maxImagePixels,
    fingerprints: hashBanks,
  });
  return new ProcessingService({
    repository,
    steps,
    scratch: new ScratchSpace(root),
    events,
    screening: hashBanks,
    log: log.child({ component: 'media-processing' }),
  });
}
