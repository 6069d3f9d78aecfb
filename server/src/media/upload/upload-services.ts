import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ManifestService } from '../../compliance/performers/manifest.service.ts';
import { UploaderGate } from '../../compliance/verification/uploader-gate.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ContentScreen } from '../../enforcement/watched-words.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { UploadMediaIngest } from '../../scraper/media-ingest.ts';
import { DEFAULT_MEDIA_TOOL_LIMITS, MediaToolsRepository } from '../probe.ts';
import type { MediaProcessing } from '../processing/media-processing.ts';
import type { Storage } from '../storage.ts';
import { ClipTools } from './clips.ts';
import { MediaIngestRepository } from './media-ingest.repository.ts';
import { PipelineHealth } from './pipeline-health.ts';
import { UploadService } from './upload.service.ts';
import { UploadQuotaRepository } from './upload-quota.repository.ts';
import { UploadQuota } from './upload-quota.ts';
import { UploadTokensRepository } from './upload-tokens.repository.ts';
import { UploadTokenService } from './upload-tokens.service.ts';

export interface UploadWiring {
  readonly config: Config;
  readonly db: Db;
  readonly storage: Storage;
  readonly jobs: JobQueue;
  /** Plans and runs the worker's processing of each new post (the processing half of the pipeline). */
  readonly processing: MediaProcessing;
  readonly log: Logger;
  /** Watched words (enforcement/) on the upload's title and tags. */
  readonly screen?: Pick<ContentScreen, 'screenPost' | 'holdPost'>;
  /** Performer manifests (compliance/performers/): a verified creator is recorded on each new post. */
  readonly manifests?: () => Pick<ManifestService, 'recordCreator'>;
}

export interface UploadServices {
  readonly tokens: UploadTokenService;
  readonly uploads: UploadService;
  /** What URL imports hand their downloads to (scraper/media-ingest.ts). */
  readonly ingest: UploadMediaIngest;
  readonly health: PipelineHealth;
}

/** Joining clips decodes every clip while encoding: more memory than one probe. */
const CLIP_TOOL_MEMORY_BYTES = 2 * DEFAULT_MEDIA_TOOL_LIMITS.maxToolMemoryBytes;

export function createUploadServices({
  config,
  db,
  storage,
  jobs,
  processing,
  log,
  screen,
  manifests,
}: UploadWiring): UploadServices {
  const scratchRoot = join(config.dataDir, 'scratch', 'upload');
  const gate = new UploaderGate(db, config.upload.requireVerification);
  const tokens = new UploadTokenService(new UploadTokensRepository(db), config.upload.tokenTtlSeconds, gate);
  const uploads = new UploadService({
    tokens,
    gate,
    quota: new UploadQuota(new UploadQuotaRepository(db), config.upload, config.limits),
    repository: new MediaIngestRepository(db),
    storage,
    tools: new MediaToolsRepository(scratchRoot),
    clips: new ClipTools(scratchRoot, {
      maxMemoryBytes: CLIP_TOOL_MEMORY_BYTES,
      maxOutputBytes: config.limits.maxVideoBytes,
      maxVideoPixels: DEFAULT_MEDIA_TOOL_LIMITS.maxVideoPixels,
    }),
    processing,
    limits: config.limits,
    scratchRoot,
    log: log.child({ component: 'upload' }),
    screen,
    manifests,
  });
  return { tokens, uploads, ingest: new UploadMediaIngest(uploads), health: new PipelineHealth(db, jobs) };
}
