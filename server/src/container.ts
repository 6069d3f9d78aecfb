import type { Logger } from 'pino';
import { type AccountServices, createAccountServices } from './accounts/account-services.ts';
import { type AnalyticsIngestion, createAnalyticsIngestion } from './analytics/ingestion-services.ts';
import { CaptionsRepository } from './captions/captions.repository.ts';
import { CaptionsService } from './captions/captions.service.ts';
import { type AgeAssuranceServices, createAgeAssuranceServices } from './compliance/age-assurance/age-assurance-services.ts';
import type { CsamService } from './compliance/csam/csam.service.ts';
import { createCsamService } from './compliance/csam/csam-services.ts';
import { HashBanksRepository } from './compliance/hash-banks/hash-banks.repository.ts';
import { HashBankService } from './compliance/hash-banks/hash-banks.service.ts';
import { createPerformerServices, type PerformerServices } from './compliance/performers/performers-services.ts';
import { createRecordsServices, type RecordsServices } from './compliance/records/records-services.ts';
import type { IdentityProvider } from './compliance/verification/identity-provider.ts';
import { createVerificationServices, type VerificationServices } from './compliance/verification/verification-services.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createEnforcementServices, type EnforcementServices } from './enforcement/enforcement-services.ts';
import { WatchedWordsRepository } from './enforcement/watched-words.repository.ts';
import { WatchedWords } from './enforcement/watched-words.ts';
import { createDataExportService } from './exports/export-services.ts';
import type { DataExportService } from './exports/exports.service.ts';
import { JobQueue } from './jobs/queue.ts';
import type { JobDeps } from './jobs/registry.ts';
import { createMailer } from './mail/mailer.ts';
import { createCdnPurger } from './media/cdn-purger.ts';
import { type CoverServices, createCoverServices } from './media/cover/cover-services.ts';
import { MediaRemovalService } from './media/media-removal.service.ts';
import type { MediaProcessing } from './media/processing/media-processing.ts';
import type { ProcessingService } from './media/processing/processing.service.ts';
import { createProcessingService } from './media/processing/processing-services.ts';
import { createSimicheckServices, type SimicheckServices } from './media/simicheck/simicheck-services.ts';
import { createStorage, type Storage } from './media/storage.ts';
import { createUploadServices, type UploadServices } from './media/upload/upload-services.ts';
import { Metrics } from './metrics/metrics.ts';
import { createModerationServices, type ModerationServices } from './moderation/moderation-services.ts';
import { NotificationsRepository } from './notifications/notifications.repository.ts';
import { NotificationService } from './notifications/notifications.service.ts';
import { CardCache } from './posts/card-cache.ts';
import { PostFeedRepository } from './posts/post-feed.repository.ts';
import { createPostServices, type PostServices } from './posts/post-services.ts';
import { PreferencesRepository } from './preferences/preferences.repository.ts';
import { PreferencesService } from './preferences/preferences.service.ts';
import { createEventBus } from './realtime/event-bus.ts';
import type { EventBus } from './realtime/events.ts';
import type { ScraperService } from './scraper/scraper.service.ts';
import { createScraperService } from './scraper/scraper-services.ts';
import { createDiscoveryServices, type DiscoveryServices } from './search/discovery-services.ts';
import { SettingsService } from './settings/settings.service.ts';
import { StudioRepository } from './studio/studio.repository.ts';
import { StudioService } from './studio/studio.service.ts';

/** Everything a process needs, built once and passed down; nothing reaches for a global. */
export interface Container {
  readonly config: Config;
  readonly log: Logger;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly storage: Storage;
  /** Live events to every app node and worker (realtime/README.md). */
  readonly events: EventBus;
  /** Prometheus figures of this process (metrics/). */
  readonly metrics: Metrics;
  readonly services: {
    readonly settings: SettingsService;
    readonly accounts: AccountServices;
    readonly posts: PostServices;
    readonly preferences: PreferencesService;
    readonly media: SimicheckServices;
    /** The processing half of the media pipeline; ingest calls `schedule(postId)` (MediaProcessing). */
    readonly processing: ProcessingService;
    /** Upload tokens, uploads and URL-import ingest, pipeline health (media/upload/). */
    readonly upload: UploadServices;
    /** Takedowns: withdrawn media's files deleted and purged from the CDN (jobs media:remove-files, media:purge-cdn). */
    readonly mediaRemoval: MediaRemovalService;
    /** Cover frames chosen in the studio: the routes' service and the job `media:cover` (media/cover/). */
    readonly cover: CoverServices;
    readonly scraper: ScraperService;
    readonly discovery: DiscoveryServices;
    readonly notifications: NotificationService;
    /** Trust and safety: roles, cases, intake, audit log, operations (moderation/README.md). */
    readonly moderation: ModerationServices;
    /** Creator identity verification and its review in the console (compliance/verification/README.md). */
    readonly verification: VerificationServices;
    /** Actions, statements of reasons, appeals, takedowns, review, watched words (enforcement/README.md). */
    readonly enforcement: EnforcementServices;
    /** Creator analytics' events in: view sources, watch progress (analytics/README.md). */
    readonly analyticsIngestion: AnalyticsIngestion;
    /** Captions of video posts (captions/README.md). */
    readonly captions: CaptionsService;
    /** Archives of a user's own data (GDPR Art. 20), built by jobs (exports/README.md). */
    readonly exports: DataExportService;
    /** Creator studio: drafts, scheduling, per-post settings (studio/README.md). */
    readonly studio: StudioService;
    /** PDQ hash banks: uploads screened before publication, imports (compliance/hash-banks/README.md). */
    readonly hashBanks: HashBankService;
    /** Age assurance by jurisdiction: the rules, the visitor's location, provider checks (compliance/age-assurance/README.md). */
    readonly ageAssurance: AgeAssuranceServices;
    /** Confirmed CSAM: sealed preservation, CyberTipline reports, retention (compliance/csam/README.md). */
    readonly csam: CsamService;
    /** Who appears in each post, their consent and guests' releases (compliance/performers/README.md). */
    readonly performers: PerformerServices;
    /** 2257 records: the cross-index, the custodian's export, the legacy guard (compliance/records/README.md). */
    readonly records: RecordsServices;
  };
  close(): Promise<void>;
}

/** What the worker gives every job handler: all of it, since the crontab may start any job. */
export function jobDeps(container: Container): JobDeps {
  return {
    db: container.database.db,
    simicheck: container.services.media.simicheck,
    scraper: container.services.scraper,
    processing: container.services.processing,
    upload: container.services.upload.uploads,
    mediaRemoval: container.services.mediaRemoval,
    cover: container.services.cover.job,
    events: container.events,
    enforcement: container.services.enforcement,
    analytics: container.config.analytics,
    exports: container.services.exports,
    studio: container.services.studio,
    csam: container.services.csam,
    records: container.services.records,
  };
}

export interface ContainerOptions {
  readonly databaseUrl?: string;
  /** Tests record what the upload half schedules here instead of running the processing half. */
  readonly processing?: MediaProcessing;
  /**
   * One-off commands (`velvet admin create`) run with whatever environment the shell has: they must not
   * write the settings the database triggers read (the pre-publication review threshold) over the ones
   * the app and worker started with.
   */
  readonly oneOffCommand?: boolean;
  /** Tests drive a vendor's callback through an identity provider of their own (compliance/verification/). */
  readonly identityProviders?: readonly IdentityProvider[];
}

export async function createContainer(config: Config, log: Logger, options: ContainerOptions = {}): Promise<Container> {
  const storage = createStorage(config.storage);
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl ?? config.database.url;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.database.embedded.dir, config.database.embedded.port, log);
    url = embedded.url;
  }
  const database = openDatabase(url, config.database.poolSize, log, config.database.timeouts);
  try {
    await migrate(database.pool, log);
    const jobs = await JobQueue.open(database.pool);
    const events = createEventBus(config.realtime.eventBus, database.pool, url, log);
    const notifications = new NotificationService({
      repository: new NotificationsRepository(database.db),
      events,
      jobs,
      log,
    });
    // Moderation and enforcement need each other (a trusted flagger's report hides a post; actions are
    // audited and linked to cases): moderation reaches enforcement through these two calls, bound below.
    let enforcement: EnforcementServices | undefined;
    const enforced = () => {
      if (!enforcement) throw new Error('enforcement is not wired yet');
      return enforcement;
    };
    const moderation = createModerationServices({
      db: database.db,
      config,
      log,
      mailer: createMailer(config.mail),
      notifications,
      enforcement: () => ({ hidePendingReview: (postId, context) => enforced().actions.hidePendingReview(postId, context) }),
      strikes: (userId) => enforced().repository.strikeCount(userId),
    });
    const watchedWords = new WatchedWords(new WatchedWordsRepository(database.db), moderation.audit);
    const hashBanks = new HashBankService({
      repository: new HashBanksRepository(database.db),
      cases: moderation.cases,
      audit: moderation.audit,
      matchDistance: config.hashBanks.matchDistance,
      log: log.child({ component: 'hash-banks' }),
    });
    const processing = createProcessingService(config, database.db, storage, events, log, hashBanks);
    const cardCache = new CardCache({ maxEntries: config.feed.cardCache.entries, ttlMs: config.feed.cardCache.seconds * 1000 });
    if (config.feed.cardCache.entries > 0) events.subscribe((event) => cardCache.apply(event));
    const postCards = new PostFeedRepository(database.db, { cache: cardCache, genericPlans: database.genericPlans });
    // Uploads record their creator on each post's manifest, and verification tells manifests of a guest's
    // decision; performer manifests need enforcement and verification first, so both reach them late.
    let performers: PerformerServices | undefined;
    const performed = () => {
      if (!performers) throw new Error('performer manifests are not wired yet');
      return performers;
    };
    const upload = createUploadServices({
      config,
      db: database.db,
      storage,
      jobs,
      processing: options.processing ?? processing,
      log,
      screen: watchedWords,
      manifests: () => performed().manifest,
    });
    const mediaRemoval = new MediaRemovalService(storage, createCdnPurger(config.cdn, log), config.http.baseUrl);
    const accounts = createAccountServices(database.db, config, log, storage, events, watchedWords);
    enforcement = await createEnforcementServices({
      db: database.db,
      config,
      sessions: accounts.sessions,
      notifications,
      audit: moderation.audit,
      cases: moderation.cases,
      watchedWords,
      log,
      applyReviewThreshold: !options.oneOffCommand,
    });
    const verification = createVerificationServices({
      db: database.db,
      config,
      storage,
      cases: moderation.cases,
      audit: moderation.audit,
      notifications,
      log,
      providers: options.identityProviders,
      guests: () => performed().guests,
    });
    performers = createPerformerServices({
      db: database.db,
      config,
      storage,
      notifications,
      enforcement: enforcement.actions,
      cases: moderation.cases,
      roles: moderation.roles,
      verification: verification.verification,
      log,
    });
    return {
      config,
      log,
      database,
      jobs,
      storage,
      events,
      metrics: new Metrics(database.pool),
      services: {
        settings: new SettingsService(config.locale.defaultCountry),
        accounts,
        posts: createPostServices(database.db, config, postCards, notifications, watchedWords),
        preferences: new PreferencesService(new PreferencesRepository(database.db)),
        media: createSimicheckServices(config, database.db, storage, events, log),
        processing,
        upload,
        mediaRemoval,
        cover: createCoverServices({ config, db: database.db, storage, removal: mediaRemoval, events, log }),
        scraper: createScraperService({ config, db: database.db, jobs, log, ingest: upload.ingest, events }),
        discovery: createDiscoveryServices(database.db, config, log, postCards, moderation.intake, watchedWords),
        enforcement,
        notifications,
        moderation,
        verification,
        analyticsIngestion: createAnalyticsIngestion(database.db, config),
        captions: new CaptionsService(new CaptionsRepository(database.db), storage, config.captions),
        exports: createDataExportService({ db: database.db, config, storage, notifications, log }),
        studio: new StudioService(new StudioRepository(database.db), config.studio),
        hashBanks,
        ageAssurance: createAgeAssuranceServices({ config, db: database.db, audit: moderation.audit, events, log }),
        csam: createCsamService({
          config,
          db: database.db,
          storage,
          cases: moderation.cases,
          audit: moderation.audit,
          enforcement: enforcement.actions,
          log,
        }),
        performers,
        records: createRecordsServices({ db: database.db, config, storage, notifications, log }),
      },
      async close() {
        await events.close().catch((error) => log.warn({ err: error }, 'closing event bus failed'));
        await jobs.close().catch((error) => log.warn({ err: error }, 'closing job queue failed'));
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
}
