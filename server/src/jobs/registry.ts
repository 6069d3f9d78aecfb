import type { Task, TaskList } from 'graphile-worker';
import { deleteExpiredAccounts } from '../accounts/account-deletion.job.ts';
import { purgeExpiredTokens } from '../accounts/token-cleanup.job.ts';
import { type AnalyticsJobSettings, purgeRawEvents, type RollupRange, rollupAnalytics } from '../analytics/analytics.jobs.ts';
import type { CsamService } from '../compliance/csam/csam.service.ts';
import type { RecordsServices } from '../compliance/records/records-services.ts';
import type { Db } from '../db/database.ts';
import type { EnforcementServices } from '../enforcement/enforcement-services.ts';
import type { DataExportService } from '../exports/exports.service.ts';
import type { CoverJob } from '../media/cover/cover-job.ts';
import type { MediaRemovalService } from '../media/media-removal.service.ts';
import { processPost } from '../media/processing/processing.job.ts';
import type { ProcessingService } from '../media/processing/processing.service.ts';
import type { SimicheckService } from '../media/simicheck/simicheck.service.ts';
import type { UploadService } from '../media/upload/upload.service.ts';
import { fanOutPostCreated } from '../notifications/post-created.job.ts';
import { refreshPopularity } from '../posts/popularity.job.ts';
import { purgeEventPayloads } from '../realtime/event-payloads.job.ts';
import type { EventPublisher } from '../realtime/events.ts';
import type { ScraperService } from '../scraper/scraper.service.ts';
import type { StudioService } from '../studio/studio.service.ts';

/** Everything a job handler may need, wired once in the container. */
export interface JobDeps {
  readonly db: Db;
  /** Where jobs publish live events (media progress, notifications); absent, they only write the database. */
  readonly events?: EventPublisher;
  /** Present in worker processes; tests of jobs that do not need it leave it out. */
  readonly simicheck?: SimicheckService;
  readonly scraper?: ScraperService;
  readonly processing?: ProcessingService;
  readonly upload?: UploadService;
  readonly mediaRemoval?: MediaRemovalService;
  readonly cover?: CoverJob;
  readonly enforcement?: EnforcementServices;
  /** Raw analytics events' retention (ANALYTICS_RAW_EVENT_DAYS). */
  readonly analytics?: AnalyticsJobSettings;
  readonly exports?: DataExportService;
  readonly studio?: StudioService;
  readonly csam?: CsamService;
  readonly records?: RecordsServices;
}

/** Which attempt of a job is running (graphile-worker counts them; the last one may decide to give up). */
export interface JobRun {
  readonly attempts: number;
  readonly maxAttempts: number;
}

function required<T>(dependency: T | undefined, name: string): T {
  if (dependency === undefined) throw new Error(`job dependency ${name} is not wired`);
  return dependency;
}

/** Payload type of each job; a job type exists only if it is listed here and in `jobHandlers`. */
export interface JobPayloads {
  'accounts:purge-expired-tokens': Record<string, never>;
  'accounts:delete-expired': Record<string, never>;
  'posts:refresh-popularity': { readonly sinceDays?: number };
  'media:simicheck': { readonly mediaId: number };
  'media:process': { readonly postId: number };
  'media:purge-orphan-originals': Record<string, never>;
  'media:schedule-stalled-posts': Record<string, never>;
  'media:fail-abandoned-posts': Record<string, never>;
  /** Enqueued by database triggers (migration 0012) when media is withdrawn; job key `media-remove-files:{name}`. */
  'media:remove-files': { readonly name: string };
  /** Enqueued by database triggers when public media stops being public; job key `media-purge-cdn:{name}`. */
  'media:purge-cdn': { readonly name: string };
  /** A cover frame or picture chosen in the studio (media/cover/); queue `media-cover:{mediaId}`, one at a time. */
  'media:cover': { readonly coverId: number };
  /** Enqueued with a caption change (captions/captions.service.ts): rewritten files purged, replaced ones deleted. */
  'captions:retire-files': { readonly purge: readonly string[]; readonly remove: readonly string[] };
  'scraper:import': { readonly jobId: number };
  'notifications:post-created': { readonly postId: number };
  'notifications:purge-event-payloads': Record<string, never>;
  /** Due when a DMCA counter-notice's waiting time ends (enforcement/takedowns.service.ts); job key `counter-notice-restore:{id}`. */
  'enforcement:restore-counter-noticed': { readonly counterNoticeId: number };
  /** Daily aggregates from raw events (analytics/README.md); a range rebuilds those days, none the recent ones. */
  'analytics:rollup': RollupRange;
  'analytics:purge-raw-events': Record<string, never>;
  /** Enqueued with its export row (exports/exports.repository.ts); job key `exports-build:{id}`. */
  'exports:build': { readonly exportId: number };
  'exports:expire': Record<string, never>;
  /** Enqueued by a database trigger (migration 0030) when an export row with an archive is deleted. */
  'exports:remove-archive': { readonly key: string };
  /** Due at a scheduled post's time (studio/README.md); job key `studio-publish:{postId}`. */
  'studio:publish-scheduled': { readonly postId: number };
  /** Daily: sealed CSAM evidence past CSAM_EVIDENCE_RETENTION_DAYS and not on legal hold is deleted (compliance/csam/). */
  'csam:purge-expired-evidence': Record<string, never>;
  /** Enqueued with its row (compliance/records/records-exports.repository.ts); job key `records-build-export:{id}`. */
  'records:build-export': { readonly exportId: number };
  'records:expire-exports': Record<string, never>;
  /** Daily: published posts whose performers' records are incomplete are held (compliance/records/legacy-guard.ts). */
  'records:legacy-guard': Record<string, never>;
}

export type JobName = keyof JobPayloads;

type Handler<N extends JobName> = (deps: JobDeps, payload: JobPayloads[N], run?: JobRun) => Promise<void>;

/** The one registry of background job types and their handlers. */
export const jobHandlers: { readonly [N in JobName]: Handler<N> } = {
  'accounts:purge-expired-tokens': (deps) => purgeExpiredTokens(deps.db),
  'accounts:delete-expired': async (deps) => {
    await deleteExpiredAccounts(deps.db);
  },
  'posts:refresh-popularity': (deps, payload) => refreshPopularity(deps.db, payload.sinceDays),
  'media:simicheck': async (deps, payload) => {
    await required(deps.simicheck, 'simicheck').checkUploaded(payload.mediaId);
  },
  'media:process': processPost,
  'media:purge-orphan-originals': async (deps) => {
    await required(deps.upload, 'upload').purgeOrphanOriginals();
  },
  'media:schedule-stalled-posts': async (deps) => {
    await required(deps.upload, 'upload').scheduleStalledPosts();
  },
  'media:fail-abandoned-posts': async (deps) => {
    await required(deps.processing, 'processing').failAbandoned();
  },
  'media:remove-files': (deps, payload) => required(deps.mediaRemoval, 'mediaRemoval').removeFiles(payload.name),
  'media:purge-cdn': (deps, payload) => required(deps.mediaRemoval, 'mediaRemoval').purgeCdn(payload.name),
  'media:cover': (deps, payload, run) =>
    required(deps.cover, 'cover').run(payload.coverId, run ?? { attempts: 1, maxAttempts: 1 }),
  'captions:retire-files': (deps, payload) =>
    required(deps.mediaRemoval, 'mediaRemoval').retireObjects(payload.purge, payload.remove),
  'scraper:import': (deps, payload) => required(deps.scraper, 'scraper').runImport(payload.jobId),
  'notifications:post-created': async (deps, payload) => {
    await fanOutPostCreated(deps.db, deps.events, payload.postId);
  },
  'notifications:purge-event-payloads': async (deps) => {
    await purgeEventPayloads(deps.db);
  },
  'enforcement:restore-counter-noticed': async (deps, payload) => {
    await required(deps.enforcement, 'enforcement').takedowns.restoreIfDue(payload.counterNoticeId);
  },
  'analytics:rollup': async (deps, payload) => {
    await rollupAnalytics(deps.db, required(deps.analytics, 'analytics'), payload);
  },
  'analytics:purge-raw-events': async (deps) => {
    await purgeRawEvents(deps.db, required(deps.analytics, 'analytics'));
  },
  'exports:build': (deps, payload, run) => required(deps.exports, 'exports').build(payload.exportId, run),
  'exports:expire': async (deps) => {
    await required(deps.exports, 'exports').expire();
  },
  'exports:remove-archive': (deps, payload) => required(deps.exports, 'exports').removeArchive(payload.key),
  'studio:publish-scheduled': (deps, payload) => required(deps.studio, 'studio').publishScheduled(payload.postId),
  'csam:purge-expired-evidence': async (deps) => {
    await required(deps.csam, 'csam').evidence.purgeExpired();
  },
  'records:build-export': (deps, payload, run) => required(deps.records, 'records').exports.build(payload.exportId, run),
  'records:expire-exports': async (deps) => {
    await required(deps.records, 'records').exports.expire();
  },
  'records:legacy-guard': async (deps) => {
    await required(deps.records, 'records').guard.run();
  },
};

/** Recurring jobs, in graphile-worker's crontab format. */
export const crontab = [
  '7 * * * * accounts:purge-expired-tokens',
  '17 3 * * * accounts:delete-expired',
  '*/10 * * * * posts:refresh-popularity',
  '*/10 * * * * notifications:purge-event-payloads',
  '23 * * * * media:purge-orphan-originals',
  '*/10 * * * * media:schedule-stalled-posts',
  '*/10 * * * * media:fail-abandoned-posts',
  '*/5 * * * * analytics:rollup',
  '41 2 * * * analytics:purge-raw-events',
  '37 * * * * exports:expire',
  '53 4 * * * csam:purge-expired-evidence',
  '47 * * * * records:expire-exports',
  '29 5 * * * records:legacy-guard',
].join('\n');

export function buildTaskList(deps: JobDeps): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(jobHandlers) as JobName[]) {
    const handler = jobHandlers[name] as Handler<JobName>;
    const task: Task = async (payload, helpers) =>
      handler(deps, (payload ?? {}) as JobPayloads[JobName], {
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
    list[name] = task;
  }
  return list;
}
